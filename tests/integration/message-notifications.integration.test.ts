/**
 * A new message tells its recipient: one in-app notification per thread while it is unread (a burst
 * of messages counts up in it, never floods), read in the recipient's own language, never the
 * sender's, and none when the recipient turned device notifications off.
 */
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrUndefined } from '../../server/store/store';
import { accountIds } from '../../src/domain/account';
import type { SessionUserView } from '../../src/domain/account';
import { messageId } from '../../src/domain/mine';
import type { MessageDoc, NotificationDoc } from '../../src/domain/mine';
import { notificationText } from '../../src/features/dashboard/dashboard-model';
import type { PartKey } from '../../src/features/dashboard/dashboard-model';
import de from '../../src/i18n/locales/de.json';
import { eventually, storeOrder } from '../support/orders';
import { providerWithAccount } from '../support/providers';
import { BROWSER_HEADERS, browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let client: TestUser;
let lawyer: TestUser;
const PROVIDER = 'note-lawyer-1';
const ORDER = 'note-order-1';

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  client = await mintUser(server.store, 'note-client-1');
  ({ user: lawyer } = await providerWithAccount(server.store, PROVIDER, '+33622222223'));
  // The lawyer reads the platform in German.
  const accounts = server.store.db<{ preferredLanguage: string }>('accounts');
  const account = await accounts.get(accountIds.account(PROVIDER));
  await accounts.insert({ ...account, preferredLanguage: 'de' });
  await storeOrder(server.store, {
    orderId: ORDER,
    clientUid: client.uid,
    providerId: PROVIDER,
    providerHasAccount: true,
  });
});

afterAll(async () => {
  await server?.close();
});

async function push(user: TestUser, docs: unknown[]): Promise<void> {
  const response = await fetch(`${server.url}/db/${user.db}/_bulk_docs`, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', cookie: user.cookie },
    body: JSON.stringify({ docs }),
  });
  expect(response.status).toBe(201);
  const rows = (await response.json()) as { ok?: boolean }[];
  expect(rows.every((row) => row.ok)).toBe(true);
}

/** Sends a message as the browser does, and waits until the service has delivered it. */
async function send(from: TestUser, to: string, key: string, body: string): Promise<void> {
  const now = new Date().toISOString();
  const id = messageId(ORDER, key);
  await push(from, [
    { _id: id, type: 'message', orderId: ORDER, from: from.uid, to, body, createdAt: now, updatedAt: now },
  ]);
  await eventually(async () => {
    const doc = await getOrUndefined(server.store.db<MessageDoc>(from.db), id);
    return doc?.deliveredAt ? doc : undefined;
  });
}

async function messageNotifications(user: TestUser): Promise<(NotificationDoc & { _rev: string })[]> {
  const { rows } = await server.store
    .db<NotificationDoc & { _rev: string }>(user.db)
    .list({ include_docs: true });
  return rows
    .map((row) => row.doc!)
    .filter((doc) => doc.type === 'notification' && doc.kind === 'message_received');
}

describe('a notification for each new message', () => {
  it('tells the recipient once per burst, in their language, and never the sender', async () => {
    await send(client, PROVIDER, 'n1', 'Bonjour, je vous envoie les pièces demain.');
    let [note, ...more] = await messageNotifications(lawyer);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      orderId: ORDER,
      isRead: false,
      params: { senderName: 'Camille Durand', count: 1 },
    });
    expect(await messageNotifications(client)).toEqual([]);

    // A second message while the first notification is unread: the same notification counts two.
    await send(client, PROVIDER, 'n2', 'Voici aussi mon contrat de travail.');
    [note, ...more] = await messageNotifications(lawyer);
    expect(more).toEqual([]);
    expect(note).toMatchObject({ isRead: false, params: { senderName: 'Camille Durand', count: 2 } });
    expect(note!.params.preview).toBe('Voici aussi mon contrat de travail.');

    // What the lawyer reads, in the language the service knows them by.
    const me = await browserCall(server.url, 'GET', '/api/auth/me', lawyer.cookie);
    const language = (me.json as { user: SessionUserView }).user.preferredLanguage;
    expect(language).toBe('de');
    const t = i18next.createInstance();
    await t.init({
      lng: language,
      resources: { de: { translation: de } },
      interpolation: { escapeValue: false },
    });
    const { key, values } = notificationText(note!, language, (k: PartKey) => t.t(k));
    const text = t.t(`dashboard.notifications.kinds.${key}`, values);
    expect(text).toContain('Camille Durand');
    expect(text).toContain('Voici aussi mon contrat de travail.');
    expect(text).toMatch(/2 neue Nachrichten/);
  });

  it('opens a read notification again, unread, when the next message arrives', async () => {
    const [note] = await messageNotifications(lawyer);
    await push(lawyer, [{ ...note, isRead: true, updatedAt: new Date().toISOString() }]);
    await send(client, PROVIDER, 'n3', 'Une dernière question.');
    const [again, ...more] = await messageNotifications(lawyer);
    expect(more).toEqual([]);
    expect(again).toMatchObject({ isRead: false, params: { count: 1, preview: 'Une dernière question.' } });
    expect(again!.createdAt >= note!.createdAt).toBe(true);
  });

  it('writes none to a recipient who turned device notifications off', async () => {
    const now = new Date().toISOString();
    await push(client, [
      {
        _id: 'settings',
        type: 'settings',
        notifications: { email: true, push: false, sms: false },
        privacy: { profileVisibility: 'public', allowContact: true, showOnMap: true },
        language: { primary: 'fr', preferredCommunication: 'fr' },
        updatedAt: now,
      },
    ]);
    await send(lawyer, client.uid, 'n4', 'Bien reçu, je regarde cela.');
    expect(await messageNotifications(client)).toEqual([]);
  });
});
