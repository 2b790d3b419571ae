/**
 * Automations (admin screen `comms/automations`): made, changed and switched on or off by admins, one
 * audit entry each; the runner (automation-runner.ts) sends what is due. A change names the revision
 * it was made from (`rev`): when another admin saved meanwhile it is refused (`AutomationChanged`),
 * never silently overwritten. Switching one on records when (`enabledAt`): only events from then on
 * count, so that switching it on (or back on) never messages everyone the event ever happened to.
 * The figures (sent, failed, suppressed, queued) are counted from the sends themselves.
 */
import { checkAutomationInput } from '../../../src/domain/comms-automations';
import type {
  AutomationCounts,
  AutomationFieldProblems,
  AutomationInput,
  AutomationListItem,
  AutomationSendState,
  AutomationSendView,
  AutomationStats,
  AutomationView,
} from '../../../src/domain/comms-automations';
import { createOnce, getOrUndefined, isConflict, replaceDoc, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { recordAudit } from '../admin/audit';
import type { Page } from '../admin/paging';
import { scanPage } from '../admin/paging';
import { automationDocId, automationIdOf, automationRunDocId } from './automation-records';
import type { AutomationDoc, AutomationRunDoc, AutomationSendDoc } from './automation-records';
import { commsDb, COMMS_DB, newCommsId } from './records';

export class AutomationInvalid extends Error {
  constructor(readonly fields: AutomationFieldProblems) {
    super('Refused: some fields are not valid');
    this.name = 'AutomationInvalid';
  }
}

export class AutomationNotFound extends Error {
  constructor(readonly id: string) {
    super(`No automation ${id}`);
    this.name = 'AutomationNotFound';
  }
}

export class AutomationChanged extends Error {
  constructor(readonly id: string) {
    super(`The automation ${id} changed meanwhile`);
    this.name = 'AutomationChanged';
  }
}

const AUTOMATION_ID = /^[a-z0-9-]{1,40}$/;

export function automationView(doc: AutomationDoc): AutomationView {
  const { _id, _rev, type: _type, ...rest } = doc;
  return { id: automationIdOf({ _id }), rev: _rev ?? '', ...rest } as AutomationView;
}

export async function readAutomation(store: Store, id: string): Promise<AutomationDoc & { _rev: string }> {
  const doc = AUTOMATION_ID.test(id)
    ? await getOrUndefined(commsDb<AutomationDoc>(store), automationDocId(id))
    : undefined;
  if (!doc || doc.type !== 'automation') throw new AutomationNotFound(id);
  return doc;
}

export const noAutomationCounts = (): AutomationCounts => ({ queued: 0, sent: 0, failed: 0, suppressed: 0 });

/** Where a send counts: one still `sending` is not done, so it is queued. */
const countedAs = (state: AutomationSendState): keyof AutomationCounts =>
  state === 'sending' ? 'queued' : state;

type CountRow = { key: [string, AutomationSendState]; value: number };

/** The figures of these automations: their sends counted by state, and their runner's last run. */
async function statsOf(store: Store, ids: string[]): Promise<Map<string, AutomationStats>> {
  const stats = new Map<string, AutomationStats>(ids.map((id) => [id, { counts: noAutomationCounts() }]));
  if (ids.length === 0) return stats;
  const db = commsDb(store);
  const [counted, runs] = await Promise.all([
    Promise.all(
      ids.map((id) =>
        db.view('comms-automations', 'sends_by_state', {
          group: true,
          startkey: [id],
          endkey: [id, {}],
        }),
      ),
    ),
    db.fetch({ keys: ids.map(automationRunDocId) }),
  ]);
  for (const answer of counted) {
    for (const { key, value } of answer.rows as unknown as CountRow[]) {
      stats.get(key[0])!.counts[countedAs(key[1])] += value;
    }
  }
  for (const row of runs.rows) {
    const run = 'doc' in row ? (row.doc as AutomationRunDoc | null) : undefined;
    if (run?.type === 'automation_run') stats.get(run.automationId)!.lastRunAt = run.lastRunAt;
  }
  return stats;
}

export async function getAutomation(store: Store, id: string): Promise<AutomationListItem> {
  const view = automationView(await readAutomation(store, id));
  return { ...view, ...(await statsOf(store, [id])).get(id)! };
}

/** Automations, newest first, a page at a time, each with its figures. */
export async function listAutomations(
  store: Store,
  page: { limit: number; token?: string },
): Promise<Page<AutomationListItem>> {
  const found = await scanPage<AutomationDoc, AutomationView>(commsDb<AutomationDoc>(store), {
    view: 'comms-automations/by_created',
    descending: true,
    limit: page.limit,
    token: page.token,
    pick: (doc) => (doc.type === 'automation' ? automationView(doc) : undefined),
  });
  const stats = await statsOf(
    store,
    found.items.map((item) => item.id),
  );
  return { ...found, items: found.items.map((item) => ({ ...item, ...stats.get(item.id)! })) };
}

/** An automation's latest sends, newest first, a page at a time, optionally only those in one state. */
export async function listAutomationSends(
  store: Store,
  id: string,
  query: { state?: AutomationSendState; limit: number; token?: string },
): Promise<Page<AutomationSendView>> {
  await readAutomation(store, id);
  return scanPage<AutomationSendDoc, AutomationSendView>(commsDb<AutomationSendDoc>(store), {
    view: 'comms-automations/sends_by_time',
    descending: true,
    startkey: [id, {}],
    endkey: [id],
    limit: query.limit,
    token: query.token,
    pick: (doc) =>
      doc.type === 'automation_send' && (!query.state || doc.state === query.state)
        ? {
            uid: doc.uid,
            channel: doc.channel,
            language: doc.language,
            state: doc.state,
            createdAt: doc.createdAt,
            ...(doc.occurrence ? { occurrence: doc.occurrence } : {}),
            ...(doc.email ? { email: doc.email } : {}),
            ...(doc.failure ? { failure: doc.failure } : {}),
            ...(doc.sentAt ? { sentAt: doc.sentAt } : {}),
          }
        : undefined,
  });
}

/** What an audit entry keeps of an automation: what an admin edits. */
const edited = ({ name, trigger, delay, channel, texts }: AutomationInput | AutomationDoc) =>
  ({ name, trigger, delay, channel, texts }) as Omit<AutomationInput, 'enabled'>;

type Change = { input: unknown; by: string; now?: Date };

function checked(input: unknown): AutomationInput {
  const check = checkAutomationInput(input);
  if (!check.ok) throw new AutomationInvalid(check.fields);
  return check.value;
}

export async function createAutomation(
  store: Store,
  { input, by, now = new Date() }: Change,
): Promise<AutomationListItem> {
  const value = checked(input);
  if ((input as { rev?: unknown }).rev !== undefined) throw new AutomationInvalid({ rev: 'unknown_field' });
  const at = now.toISOString();
  const id = newCommsId(now);
  const { enabled = false, ...rest } = value;
  const doc = {
    _id: automationDocId(id),
    type: 'automation',
    ...rest,
    enabled,
    ...(enabled ? { enabledAt: at } : {}),
    createdAt: at,
    createdBy: by,
    updatedAt: at,
    updatedBy: by,
  } as AutomationDoc;
  // A fresh random id: taken only by a retry of this very creation, which has written it already.
  await createOnce(store, COMMS_DB, doc);
  await recordAudit(store, {
    actor: by,
    action: 'automation_create',
    subject: { kind: 'automation', id },
    before: null,
    after: { ...edited(value), enabled },
    now,
  });
  return getAutomation(store, id);
}

/** The revision a change was made from: required, a revision string. */
function sentRev(input: unknown): string {
  const rev = typeof input === 'object' && input !== null ? (input as { rev?: unknown }).rev : undefined;
  if (rev === undefined) throw new AutomationInvalid({ rev: 'required' });
  if (typeof rev !== 'string' || rev.length > 100) throw new AutomationInvalid({ rev: 'value_invalid' });
  return rev;
}

/** Changes what an admin edits (not the switch, which has its own operation); 409 when stale. */
export async function updateAutomation(
  store: Store,
  { id, input, by, now = new Date() }: Change & { id: string },
): Promise<AutomationListItem> {
  const value = checked(input);
  if (value.enabled !== undefined) throw new AutomationInvalid({ enabled: 'unknown_field' });
  const rev = sentRev(input);
  const current = await readAutomation(store, id);
  if (rev !== current._rev) throw new AutomationChanged(id);
  const before = edited(current);
  const after = edited(value);
  if (JSON.stringify(before) === JSON.stringify(after)) return getAutomation(store, id);
  try {
    await replaceDoc(store, COMMS_DB, {
      ...current,
      ...after,
      updatedAt: now.toISOString(),
      updatedBy: by,
    } as AutomationDoc);
  } catch (error) {
    if (isConflict(error)) throw new AutomationChanged(id);
    throw error;
  }
  await recordAudit(store, {
    actor: by,
    action: 'automation_update',
    subject: { kind: 'automation', id },
    before,
    after,
    now,
  });
  return getAutomation(store, id);
}

/**
 * Switches an automation on (from now: earlier events never count) or off. Switching it to the state
 * it is in changes nothing and is not audited. No revision is needed: the switch is the whole change.
 */
export async function setAutomationEnabled(
  store: Store,
  { id, enabled, by, now = new Date() }: { id: string; enabled: boolean; by: string; now?: Date },
): Promise<AutomationListItem> {
  const current = await readAutomation(store, id);
  const at = now.toISOString();
  const written = await upsertDoc<AutomationDoc>(store, COMMS_DB, current._id, (doc) =>
    doc && doc.enabled !== enabled
      ? { ...doc, enabled, ...(enabled ? { enabledAt: at } : {}), updatedAt: at, updatedBy: by }
      : undefined,
  );
  if (written) {
    await recordAudit(store, {
      actor: by,
      action: enabled ? 'automation_enable' : 'automation_disable',
      subject: { kind: 'automation', id },
      before: { enabled: !enabled },
      after: { enabled, ...(enabled ? { enabledAt: at } : {}) },
      now,
    });
  }
  return getAutomation(store, id);
}

/** Every automation switched on, read whole: there are a handful, never thousands. */
export async function enabledAutomations(store: Store): Promise<(AutomationDoc & { _rev: string })[]> {
  const { rows } = await commsDb<AutomationDoc>(store).list({
    startkey: 'automation:',
    endkey: 'automation:\ufff0',
    include_docs: true,
  });
  return rows.flatMap((row) => {
    const doc = 'doc' in row ? row.doc : undefined;
    return doc?.type === 'automation' && doc.enabled ? [doc as AutomationDoc & { _rev: string }] : [];
  });
}
