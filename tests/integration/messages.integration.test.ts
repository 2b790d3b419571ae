import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrUndefined } from '../../server/store/store';
import { messageId } from '../../src/domain/mine';
import type { MessageDoc } from '../../src/domain/mine';
import { eventually, storeOrder } from '../support/orders';
import { providerWithAccount } from '../support/providers';
import { BROWSER_HEADERS, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let client: TestUser;
let stranger: TestUser;
let lawyer: TestUser;
const PROVIDER = 'msg-lawyer-1';
const ORDER = 'msg-order-1';
const DEMO_ORDER = 'msg-order-demo';

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  client = await mintUser(server.store, 'msg-client-1');
  stranger = await mintUser(server.store, 'msg-stranger-2');
  ({ user: lawyer } = await providerWithAccount(server.store, PROVIDER, '+33622222222'));
  await storeOrder(server.store, {
    orderId: ORDER,
    clientUid: client.uid,
    providerId: PROVIDER,
    providerHasAccount: true,
  });
  await storeOrder(server.store, {
    orderId: DEMO_ORDER,
    clientUid: client.uid,
    providerId: 'demo-lawyer-001',
  });
});

afterAll(async () => {
  await server?.close();
});

type Row = { id?: string; ok?: boolean; rev?: string; error?: string; reason?: string };

async function push(user: TestUser, docs: unknown[]): Promise<Row[]> {
  const response = await fetch(`${server.url}/db/${user.db}/_bulk_docs`, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', cookie: user.cookie },
    body: JSON.stringify({ docs }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Row[];
}

function message(
  orderId: string,
  key: string,
  from: string,
  to: string,
  extra: Record<string, unknown> = {},
) {
  const now = new Date().toISOString();
  return {
    _id: messageId(orderId, key),
    type: 'message',
    orderId,
    from,
    to,
    body: 'Bonjour, une précision sur notre échange.',
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
}

const delivered = (db: string, id: string) =>
  eventually(async () => {
    const doc = await getOrUndefined(server.store.db<MessageDoc>(db), id);
    return doc?.deliveredAt ? doc : undefined;
  });

describe('messages between the parties of a consultation', () => {
  it("delivers a client's message into the provider's database and marks it delivered", async () => {
    const [row] = await push(client, [message(ORDER, 'm1', client.uid, PROVIDER)]);
    expect(row).toMatchObject({ ok: true });
    const copy = await delivered(lawyer.db, messageId(ORDER, 'm1'));
    expect(copy).toMatchObject({
      from: client.uid,
      to: PROVIDER,
      body: 'Bonjour, une précision sur notre échange.',
    });
    await delivered(client.db, messageId(ORDER, 'm1'));
  });

  it("delivers the provider's answer into the client's database", async () => {
    const [row] = await push(lawyer, [message(ORDER, 'm2', PROVIDER, client.uid, { body: 'Bien reçu.' })]);
    expect(row).toMatchObject({ ok: true });
    expect(await delivered(client.db, messageId(ORDER, 'm2'))).toMatchObject({ body: 'Bien reçu.' });
  });

  it("refuses a message for a stranger's consultation, in someone else's name, or to a third party", async () => {
    const [stranger1] = await push(stranger, [message(ORDER, 'x1', stranger.uid, PROVIDER)]);
    expect(stranger1).toMatchObject({ error: 'conflict', reason: expect.stringMatching(/not yours/) });
    const [forged] = await push(stranger, [message(ORDER, 'x2', client.uid, PROVIDER)]);
    expect(forged).toMatchObject({ reason: expect.stringMatching(/owner only/) });
    const [elsewhere] = await push(client, [message(ORDER, 'x3', client.uid, stranger.uid)]);
    expect(elsewhere).toMatchObject({ reason: expect.stringMatching(/other party/) });
    const [early] = await push(client, [
      message(ORDER, 'x4', client.uid, PROVIDER, { deliveredAt: new Date().toISOString() }),
    ]);
    expect(early).toMatchObject({ reason: expect.stringMatching(/service only/) });
    expect(await getOrUndefined(server.store.db(lawyer.db), messageId(ORDER, 'x1'))).toBeUndefined();
    expect(await getOrUndefined(server.store.db(stranger.db), messageId(ORDER, 'x3'))).toBeUndefined();
  });

  it('refuses a message to a provider without an account, and any change to a sent message', async () => {
    const [demo] = await push(client, [message(DEMO_ORDER, 'd1', client.uid, 'demo-lawyer-001')]);
    expect(demo).toMatchObject({ reason: expect.stringMatching(/not available/) });
    const sent = await delivered(client.db, messageId(ORDER, 'm1'));
    const [edited] = await push(client, [{ ...sent, body: 'Changed' }]);
    expect(edited).toMatchObject({ reason: expect.stringMatching(/cannot be changed/) });
    const received = await delivered(lawyer.db, messageId(ORDER, 'm1'));
    const [tampered] = await push(lawyer, [{ ...received, body: 'Changed' }]);
    expect(tampered).toMatchObject({ error: 'conflict' });
  });
});
