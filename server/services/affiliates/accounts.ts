/**
 * Affiliates as the admin console manages them (screen affiliates): a paged list searchable by name
 * or code, one affiliate with its referral link and how many clients it brought, its creation and
 * its edits. An affiliate's id is its code, so creating a second one with a taken code is a conflict
 * the store decides (never a read-then-write race). Every change writes exactly one audit entry.
 */
import { checkAffiliateInput } from '../../../src/domain/affiliates';
import type {
  Affiliate,
  AffiliateFieldProblem,
  AffiliateInput,
  AffiliateView,
} from '../../../src/domain/affiliates';
import { createOnce, upsertDoc } from '../../store/store';
import type { Store } from '../../store/store';
import { recordAudit } from '../admin/audit';
import { changedFields } from '../admin/changes';
import type { Page } from '../admin/paging';
import { PREFIX_END, scanPage } from '../admin/paging';
import { nameKey } from '../b2b/accounts';
import { affiliateFields, affiliateIds, affiliatesDb, AFFILIATES_DB, readAffiliate } from './records';
import type { StoredAffiliate } from './records';
import { referralCounts } from './referrals';

export class AffiliateInvalid extends Error {
  constructor(readonly fields: Record<string, AffiliateFieldProblem>) {
    super('Affiliate input refused');
    this.name = 'AffiliateInvalid';
  }
}

export class AffiliateNotFound extends Error {
  constructor() {
    super('No such affiliate');
    this.name = 'AffiliateNotFound';
  }
}

export class AffiliateCodeTaken extends Error {
  constructor() {
    super('This referral code is taken');
    this.name = 'AffiliateCodeTaken';
  }
}

const SUBJECT = (id: string) => ({ kind: 'affiliate', id });

/** The referral link of a code, on the service's public address. */
export function referralLink(publicUrl: string, code: string): string {
  const url = new URL('/', publicUrl);
  url.searchParams.set('ref', code);
  return url.toString();
}

function views(publicUrl: string, affiliates: Affiliate[], counts: Map<string, number>): AffiliateView[] {
  return affiliates.map((affiliate) => ({
    ...affiliate,
    link: referralLink(publicUrl, affiliate.code),
    referrals: counts.get(affiliate.id) ?? 0,
  }));
}

async function viewOf(store: Store, publicUrl: string, affiliate: Affiliate): Promise<AffiliateView> {
  const counts = await referralCounts(store, [affiliate.id]);
  return views(publicUrl, [affiliate], counts)[0]!;
}

export async function listAffiliates(
  store: Store,
  publicUrl: string,
  query: { q?: string; active?: boolean; limit: number; token?: string },
): Promise<Page<AffiliateView>> {
  const q = query.q ? nameKey(query.q) : '';
  // Searched: by the name's words and the code (an affiliate may match twice: listed once per page).
  // Not searched: each affiliate once, by name.
  const seen = new Set<string>();
  const page = await scanPage(affiliatesDb<StoredAffiliate>(store), {
    view: q ? 'affiliates/by_name' : 'affiliates/by_sort_name',
    startkey: q,
    endkey: q + PREFIX_END,
    limit: query.limit,
    token: query.token,
    pick: (doc) => {
      if (doc.type !== 'affiliate' || (query.active !== undefined && doc.active !== query.active)) {
        return undefined;
      }
      if (seen.has(doc.id)) return undefined;
      seen.add(doc.id);
      return affiliateFields(doc);
    },
  });
  const counts = await referralCounts(
    store,
    page.items.map((item) => item.id),
  );
  return { ...page, items: views(publicUrl, page.items, counts) };
}

export async function getAffiliate(store: Store, publicUrl: string, id: string): Promise<AffiliateView> {
  const doc = await readAffiliate(store, id);
  if (!doc) throw new AffiliateNotFound();
  return viewOf(store, publicUrl, affiliateFields(doc));
}

function checked(input: unknown): AffiliateInput {
  const result = checkAffiliateInput(input);
  if (!result.ok) throw new AffiliateInvalid(result.fields as Record<string, AffiliateFieldProblem>);
  return result.value;
}

export async function createAffiliate(
  store: Store,
  publicUrl: string,
  { input, by, now = new Date() }: { input: unknown; by: string; now?: Date },
): Promise<AffiliateView> {
  const value = checked(input);
  const at = now.toISOString();
  const affiliate: Affiliate = { id: value.code, ...value, createdAt: at, updatedAt: at };
  const doc: StoredAffiliate = { ...affiliate, _id: affiliateIds.affiliate(value.code), type: 'affiliate' };
  if (!(await createOnce(store, AFFILIATES_DB, doc))) throw new AffiliateCodeTaken();
  await recordAudit(store, {
    actor: by,
    action: 'affiliate_create',
    subject: SUBJECT(affiliate.id),
    before: null,
    after: affiliate,
    now,
  });
  return viewOf(store, publicUrl, affiliate);
}

/** Changes an affiliate's fields (never its code) and audits what changed; nothing written when nothing did. */
export async function updateAffiliate(
  store: Store,
  publicUrl: string,
  { id, input, by, now = new Date() }: { id: string; input: unknown; by: string; now?: Date },
): Promise<AffiliateView> {
  const value = checked(input);
  if (value.code !== id) throw new AffiliateInvalid({ code: 'immutable' });
  let before: StoredAffiliate | undefined;
  const fieldsOf = (doc: StoredAffiliate) => {
    const { updatedAt: _at, ...rest } = affiliateFields(doc);
    return rest;
  };
  const written = await upsertDoc<StoredAffiliate>(
    store,
    AFFILIATES_DB,
    affiliateIds.affiliate(id),
    (doc) => {
      if (!doc || doc.type !== 'affiliate') throw new AffiliateNotFound();
      before = doc;
      // Optional fields left empty are removed, not kept from before.
      const { stripeAccountId: _s, bankAccountNumber: _b, bankCode: _c, ...kept } = doc;
      const next: StoredAffiliate = { ...kept, ...value };
      return changedFields(fieldsOf(doc), fieldsOf(next))
        ? { ...next, updatedAt: now.toISOString() }
        : undefined;
    },
  );
  if (!before) throw new AffiliateNotFound();
  if (!written) return viewOf(store, publicUrl, affiliateFields(before));
  const diff = changedFields(fieldsOf(before), fieldsOf(written))!;
  await recordAudit(store, { actor: by, action: 'affiliate_update', subject: SUBJECT(id), ...diff, now });
  return viewOf(store, publicUrl, affiliateFields(written));
}
