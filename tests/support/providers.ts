/**
 * Providers for tests and benchmarks: a published lawyer with an account and a phone in their own
 * record, as one is after registration and approval (the demo directory's providers have no account).
 */
import type { Provider } from '../../src/domain/provider';
import type { Store } from '../../server/store/store';
import { mintUser } from './sessions';
import type { TestUser } from './sessions';

export type ProviderDoc = Provider & { _id: string };

export async function onlineProviders(store: Store): Promise<ProviderDoc[]> {
  const { rows } = await store.db<ProviderDoc>('providers').list({ include_docs: true });
  return rows.map((row) => row.doc!).filter((doc) => doc.type === 'provider' && doc.isOnline && doc.isActive);
}

export async function providerWithAccount(
  store: Store,
  uid: string,
  phone: string,
): Promise<{ provider: ProviderDoc; user: TestUser }> {
  const user = await mintUser(store, uid, 'lawyer');
  const template = (await onlineProviders(store)).find((p) => p.role === 'lawyer')!;
  const now = new Date().toISOString();
  await store.db(user.db).insert({
    _id: 'profile',
    id: 'profile',
    type: 'profile',
    uid,
    role: 'lawyer',
    email: user.email,
    preferredLanguage: 'fr',
    firstName: 'Léa',
    displayName: 'Léa Avocate',
    languages: template.languages,
    phone,
    isApproved: true,
    createdAt: now,
    updatedAt: now,
  });
  const { _rev: _ignored, ...fields } = template as ProviderDoc & { _rev?: string };
  const provider = { ...fields, _id: uid, id: uid, slug: `${template.slug}-${uid}`, fullName: 'Léa Avocate' };
  await store.db('providers').insert(provider);
  return { provider, user };
}
