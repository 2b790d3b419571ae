/**
 * Saved segments (admin screen `comms/segments`): a name and rules over users (src/domain/comms.ts),
 * listed by name, created, changed and deleted with one audit entry each, and the live count of
 * users some rules select (saved or not) with a few of them, as the admin users list shows them.
 *
 * A change names the revision it was made from (`rev`, optional): when another admin changed or
 * deleted the segment meanwhile, it is refused (`SegmentChanged`) rather than silently overwritten.
 */
import { checkSegmentInput, checkSegmentRules, SEGMENT_SAMPLE_SIZE } from '../../../src/domain/comms';
import type { FieldProblems, SegmentCount, SegmentView } from '../../../src/domain/comms';
import { createOnce, getOrUndefined, isConflict, isNotFound, replaceDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { recordAudit } from '../admin/audit';
import type { Page } from '../admin/paging';
import { scanPage } from '../admin/paging';
import { listItem } from '../admin/users';
import { accountsDb } from '../accounts';
import { accountIds } from '../../../src/domain/account';
import { commsDb, COMMS_DB, newCommsId, segmentDocId } from './records';
import type { SegmentDoc } from './records';
import { forEachMatch } from './segment-match';

export class CommsInvalid extends Error {
  constructor(readonly fields: FieldProblems) {
    super('Refused: some fields are not valid');
    this.name = 'CommsInvalid';
  }
}

export class SegmentNotFound extends Error {
  constructor(readonly id: string) {
    super(`No segment ${id}`);
    this.name = 'SegmentNotFound';
  }
}

export class SegmentChanged extends Error {
  constructor(readonly id: string) {
    super(`The segment ${id} changed meanwhile`);
    this.name = 'SegmentChanged';
  }
}

export type { SegmentCount, SegmentView } from '../../../src/domain/comms';

const SEGMENT_ID = /^[a-z0-9-]{1,40}$/;

function view(doc: SegmentDoc & { _rev?: string }): SegmentView {
  const { _id, _rev, type: _type, ...rest } = doc;
  return { id: _id.slice('segment:'.length), rev: _rev ?? '', ...rest };
}

async function readSegment(store: Store, id: string): Promise<SegmentDoc & { _rev: string }> {
  const doc = SEGMENT_ID.test(id)
    ? await getOrUndefined(commsDb<SegmentDoc>(store), segmentDocId(id))
    : undefined;
  if (!doc || doc.type !== 'segment') throw new SegmentNotFound(id);
  return doc;
}

export async function getSegment(store: Store, id: string): Promise<SegmentView> {
  const [named] = await withUpdaterNames(store, [view(await readSegment(store, id))]);
  return named!;
}

/** Segments by name, a page at a time. */
export async function listSegments(
  store: Store,
  page: { limit: number; token?: string },
): Promise<Page<SegmentView>> {
  const found = await scanPage<SegmentDoc, SegmentView>(commsDb<SegmentDoc>(store), {
    view: 'comms/segments_by_name',
    limit: page.limit,
    token: page.token,
    pick: (doc) => (doc.type === 'segment' ? view(doc) : undefined),
  });
  return { ...found, items: await withUpdaterNames(store, found.items) };
}

/** The name of each segment's last editor (accounts read by id; a deleted admin keeps their uid). */
async function withUpdaterNames(store: Store, segments: SegmentView[]): Promise<SegmentView[]> {
  const uids = [...new Set(segments.map((segment) => segment.updatedBy))];
  if (uids.length === 0) return segments;
  const { rows } = await accountsDb(store).fetch({ keys: uids.map((uid) => accountIds.account(uid)) });
  const names = new Map<string, string>();
  for (const row of rows) {
    const account = 'doc' in row ? row.doc : undefined;
    if (account?.uid && account.displayName) names.set(account.uid, account.displayName);
  }
  return segments.map((segment) => {
    const name = names.get(segment.updatedBy);
    return name ? { ...segment, updatedByName: name } : segment;
  });
}

/** The rev a change was made from: absent, or a revision string. */
function sentRev(input: unknown): string | undefined {
  const rev = typeof input === 'object' && input !== null ? (input as { rev?: unknown }).rev : undefined;
  if (rev === undefined) return undefined;
  if (typeof rev !== 'string' || rev.length > 100) throw new CommsInvalid({ rev: 'value_invalid' });
  return rev;
}

type Change = { input: unknown; by: string; now?: Date };

export async function createSegment(
  store: Store,
  { input, by, now = new Date() }: Change,
): Promise<SegmentView> {
  const check = checkSegmentInput(input);
  if (!check.ok) throw new CommsInvalid(check.fields);
  if (sentRev(input) !== undefined) throw new CommsInvalid({ rev: 'unknown_field' });
  const at = now.toISOString();
  const id = newCommsId(now);
  const doc: SegmentDoc = {
    _id: segmentDocId(id),
    type: 'segment',
    ...check.value,
    createdAt: at,
    createdBy: by,
    updatedAt: at,
    updatedBy: by,
  };
  // A fresh random id: taken only by a retry of this very creation, which has written it already.
  await createOnce(store, COMMS_DB, doc);
  await recordAudit(store, {
    actor: by,
    action: 'segment_create',
    subject: { kind: 'segment', id },
    before: null,
    after: check.value,
    now,
  });
  return getSegment(store, id);
}

export async function updateSegment(
  store: Store,
  { id, input, by, now = new Date() }: Change & { id: string },
): Promise<SegmentView> {
  const check = checkSegmentInput(input);
  if (!check.ok) throw new CommsInvalid(check.fields);
  const rev = sentRev(input);
  const current = await readSegment(store, id);
  if (rev !== undefined && rev !== current._rev) throw new SegmentChanged(id);
  const before = { name: current.name, rules: current.rules };
  if (JSON.stringify(before) === JSON.stringify(check.value)) return getSegment(store, id);
  try {
    await replaceDoc(store, COMMS_DB, {
      ...current,
      ...check.value,
      updatedAt: now.toISOString(),
      updatedBy: by,
    });
  } catch (error) {
    if (isConflict(error)) throw new SegmentChanged(id);
    throw error;
  }
  await recordAudit(store, {
    actor: by,
    action: 'segment_update',
    subject: { kind: 'segment', id },
    before,
    after: check.value,
    now,
  });
  return getSegment(store, id);
}

export async function deleteSegment(
  store: Store,
  { id, rev, by, now = new Date() }: { id: string; rev?: string; by: string; now?: Date },
): Promise<void> {
  const current = await readSegment(store, id);
  if (rev !== undefined && rev !== current._rev) throw new SegmentChanged(id);
  try {
    await commsDb(store).destroy(current._id, current._rev);
  } catch (error) {
    if (isConflict(error)) throw new SegmentChanged(id);
    if (isNotFound(error)) throw new SegmentNotFound(id);
    throw error;
  }
  await recordAudit(store, {
    actor: by,
    action: 'segment_delete',
    subject: { kind: 'segment', id },
    before: { name: current.name, rules: current.rules },
    after: null,
    now,
  });
}

/** How many users the rules select now, and the first few of them (their accounts read by id). */
export async function countSegment(store: Store, rules: unknown): Promise<SegmentCount> {
  const check = checkSegmentRules(rules);
  if (!check.ok) throw new CommsInvalid(check.fields);
  const first: string[] = [];
  const count = await forEachMatch(store, check.value, ({ uid }) => {
    if (first.length < SEGMENT_SAMPLE_SIZE) first.push(accountIds.account(uid));
  });
  if (first.length === 0) return { count, sample: [] };
  const { rows } = await accountsDb(store).fetch({ keys: first });
  const sample = rows.flatMap((row) => ('doc' in row && row.doc ? [listItem(row.doc)] : []));
  return { count, sample };
}
