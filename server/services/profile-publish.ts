/**
 * The service's part in what a user pushes of their own record (`profile`) through the gateway: the
 * gateway already holds every field outside `ownerFields` (approval, presence, role, e-mail…) to
 * the server's copy; here, the checks that depend on who pushes (a client never sets a provider's
 * professional fields; a photo must be one of the owner's uploads) or on the server's copy (no new
 * code outside the lists, no "other" text breaking its rule: profile-codes.ts), then, once written,
 * the account keeps the names the session shows and an approved provider's public profile is
 * published again.
 */
import { profileListing, sameListing } from '../../src/domain/account-index';
import type { ListedProfile } from '../../src/domain/account-index';
import { PROVIDER_PROFILE_FIELDS } from '../../src/domain/profile-fields';
import { isProviderRole } from '../../src/domain/mine';
import { profileCodesRefusal } from '../../src/domain/profile-codes';
import type { UserDocHooks } from '../http/gateway';
import type { Store } from '../store/store';
import { getAccount, updateAccount } from './accounts';
import { getPhoto, photoIdOf, photoUrl } from './photos';
import { publishProfile } from './profile';

const PHOTO_FIELDS = ['profilePhoto', 'photoURL', 'avatar'] as const;
type Fields = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Why a pushed profile is refused for this owner, or undefined. */
export async function profileRefusal(
  store: Store,
  owner: { uid: string; role: string },
  doc: Fields,
  current: Fields | undefined,
): Promise<string | undefined> {
  if (!current) return undefined; // the gateway refuses creations already
  if (doc.uid !== owner.uid) return 'the profile belongs to another user';
  if (!isProviderRole(owner.role)) {
    const changed = PROVIDER_PROFILE_FIELDS.find((field) => !same(doc[field], current[field]));
    if (changed) return `field ${changed} is for lawyers and expats only`;
  }
  const codes = profileCodesRefusal(doc, current);
  if (codes) return codes;
  for (const field of PHOTO_FIELDS) {
    const ref = doc[field];
    if (same(ref, current[field]) || ref === '' || ref === undefined) continue;
    const id = typeof ref === 'string' ? photoIdOf(ref) : undefined;
    const photo = id && ref === photoUrl(id) ? await getPhoto(store, id) : undefined;
    if (!photo || photo.kind !== 'profile' || photo.owner !== owner.uid) {
      return `field ${field} must be one of the owner's photos`;
    }
  }
  return undefined;
}

export function profileHooks(store: Store): UserDocHooks {
  return {
    profile: {
      check: (owner, doc, current) => profileRefusal(store, owner, doc, current),
      afterWrite: async (owner, docs) => {
        const last = docs.at(-1);
        if (!last) return;
        const names = {
          firstName: typeof last.firstName === 'string' ? last.firstName : undefined,
          lastName: typeof last.lastName === 'string' && last.lastName ? last.lastName : undefined,
          displayName: typeof last.displayName === 'string' ? last.displayName : undefined,
        };
        const listing = profileListing(last as ListedProfile);
        const account = await getAccount(store, owner.uid);
        const renamed =
          account &&
          (Object.keys(names) as (keyof typeof names)[]).some(
            (key) => names[key] !== undefined && names[key] !== account[key],
          );
        // The account also keeps a copy of what the admin lists filter on (account-index.ts).
        if (renamed || (account && !sameListing(account.listing, listing)))
          await updateAccount(store, owner.uid, (account) => ({
            ...account,
            ...(names.firstName ? { firstName: names.firstName } : {}),
            ...(names.lastName ? { lastName: names.lastName } : {}),
            ...(names.displayName ? { displayName: names.displayName } : {}),
            listing,
          }));
        if (isProviderRole(owner.role)) await publishProfile(store, owner.uid);
      },
    },
  };
}
