/**
 * The contact inbox of the admin console (`/api/admin/contact-messages…`) against the real service:
 * admins only; messages sent through `POST /api/contact` listed newest first, filtered by status and
 * assignee, searched by name; status and assignee changed with one audit entry each; a reply mailed
 * once in the sender's language (the interface language they wrote in, else one they speak), kept
 * with the message, which becomes answered.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../src/domain/contact';
import type { ContactListItem, ContactMessageView } from '../../server/services/admin/contact-messages';
import { auditOf, expectAdminOnly, mintRoles } from '../support/admin-roles';
import type { RoleUsers } from '../support/admin-roles';
import { browserCall, mintUser } from '../support/sessions';
import type { TestUser } from '../support/sessions';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let users: RoleUsers;
let colleague: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  users = await mintRoles(server.store, 'inbox');
  colleague = await mintUser(server.store, 'inbox-colleague', 'admin');
});
afterAll(async () => server?.close());

const admin = (method: string, path: string, body?: unknown) =>
  browserCall(server.url, method, path, users.admin.cookie, body);

function message(id: string, change: Partial<ContactMessage> = {}): ContactMessage {
  return {
    id,
    firstName: 'Amélie',
    lastName: 'Durand',
    email: `${id}@example.test`,
    phoneCountryCode: '+66',
    phoneNumber: '81 234 5678',
    originCountry: 'FR',
    interventionCountry: 'TH',
    languages: ['fr', 'en'],
    nationalities: ['FR'],
    category: 'urgent',
    subject: 'Passeport volé à Bangkok',
    message: "On m'a volé mon passeport hier soir, que dois-je faire auprès de l'ambassade ?",
    acceptedTerms: true,
    ...change,
  };
}

async function send(body: ContactMessage) {
  const answer = await browserCall(server.url, 'POST', '/api/contact', '', body);
  expect(answer.status).toBe(201);
}

async function list(query = ''): Promise<ContactListItem[]> {
  const answer = await admin('GET', `/api/admin/contact-messages?limit=100${query}`);
  expect(answer.status).toBe(200);
  return (answer.json as { items: ContactListItem[] }).items;
}

async function mails(): Promise<{ kind: string; to: string; subject: string; text: string }[]> {
  const dir = path.join(server.dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.json'));
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8'))));
}

describe('admin contact messages', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/contact-messages');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/contact-messages/assignees');
    await expectAdminOnly(server.url, users, 'GET', '/api/admin/contact-messages/msg-00000001');
    await expectAdminOnly(server.url, users, 'PATCH', '/api/admin/contact-messages/msg-00000001', {
      status: 'new',
    });
    await expectAdminOnly(server.url, users, 'POST', '/api/admin/contact-messages/msg-00000001/replies', {
      id: 'reply-0001',
      text: 'Bonjour',
    });
  });

  it('lists the messages newest first, filtered and searched', async () => {
    await send(
      message('msg-list-0001', { firstName: 'Élodie', lastName: 'Mârtin', subject: 'Visa de travail' }),
    );
    await send(message('msg-list-0002', { firstName: 'Hans', lastName: 'Müller', language: 'de' }));
    const all = await list();
    expect(all.map((item) => item.id).slice(0, 2)).toEqual(['msg-list-0002', 'msg-list-0001']);
    expect(all[0]).toMatchObject({ name: 'Hans Müller', status: 'new', replies: 0, category: 'urgent' });
    expect((await list('&q=elodie%20martin')).map((item) => item.id)).toEqual(['msg-list-0001']);
    expect((await list('&q=visa')).map((item) => item.id)).toEqual(['msg-list-0001']);
    expect((await list('&status=answered')).map((item) => item.id)).toEqual([]);
    expect((await list('&dir=asc')).map((item) => item.id).slice(-2)).toEqual([
      'msg-list-0001',
      'msg-list-0002',
    ]);
    // The interface language a message says it was written in must be one of the five.
    const odd = await browserCall(server.url, 'POST', '/api/contact', '', {
      ...message('msg-list-0003'),
      language: 'xx',
    });
    expect([odd.status, odd.json]).toMatchObject([
      400,
      { error: { fields: { language: 'language_invalid' } } },
    ]);
  });

  it('refuses bad input with a code per field', async () => {
    for (const [query, field] of [
      ['status=lost', 'status'],
      ['assignee=%20bad%20', 'assignee'],
      ['token=forged', 'token'],
      ['limit=1000', 'limit'],
    ] as const) {
      const answer = await admin('GET', `/api/admin/contact-messages?${query}`);
      expect([query, answer.status, answer.json]).toMatchObject([
        query,
        400,
        { error: { fields: { [field]: 'value_invalid' } } },
      ]);
    }
    const target = '/api/admin/contact-messages/msg-list-0001';
    const cases: [unknown, Record<string, string>][] = [
      [{ status: 'closed' }, { status: 'value_invalid' }],
      [{}, { status: 'required' }],
      [{ colour: 'red' }, { colour: 'unknown_field' }],
      [{ assignee: 42 }, { assignee: 'value_invalid' }],
      [{ assignee: users.client.uid }, { assignee: 'assignee_invalid' }],
      [[1, 2], { body: 'value_invalid' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await admin('PATCH', target, body);
      expect([answer.status, answer.json]).toMatchObject([400, { error: { code: 'validation', fields } }]);
    }
    const reply = await admin('POST', `${target}/replies`, { id: 'x', text: '' });
    expect([reply.status, reply.json]).toMatchObject([
      400,
      { error: { fields: { id: 'id_invalid', text: 'required' } } },
    ]);
    expect((await admin('GET', '/api/admin/contact-messages/msg-none-0001')).status).toBe(404);
    expect(
      (await admin('PATCH', '/api/admin/contact-messages/msg-none-0001', { status: 'answered' })).status,
    ).toBe(404);
    expect(await auditOf(server.store, 'contact_message', 'msg-list-0001')).toEqual([]);
  });

  it('sets the status and the assignee, one audit entry per change', async () => {
    await send(message('msg-assign-01'));
    const assignees = await admin('GET', '/api/admin/contact-messages/assignees');
    expect((assignees.json as { assignees: { uid: string }[] }).assignees.map((a) => a.uid).sort()).toEqual(
      [colleague.uid, users.admin.uid].sort(),
    );

    const target = '/api/admin/contact-messages/msg-assign-01';
    const taken = await admin('PATCH', target, { status: 'in_progress', assignee: colleague.uid });
    expect(taken.status).toBe(200);
    expect((taken.json as { message: ContactMessageView }).message).toMatchObject({
      status: 'in_progress',
      assignee: colleague.uid,
    });
    // The same change again changes nothing and records nothing.
    expect((await admin('PATCH', target, { status: 'in_progress' })).status).toBe(200);
    const released = await admin('PATCH', target, { assignee: null });
    expect((released.json as { message: ContactMessageView }).message.assignee).toBeUndefined();

    expect((await list(`&assignee=${colleague.uid}`)).map((item) => item.id)).toEqual([]);
    await admin('PATCH', target, { assignee: colleague.uid });
    expect((await list(`&assignee=${colleague.uid}`)).map((item) => item.id)).toEqual(['msg-assign-01']);
    expect((await list('&status=in_progress')).map((item) => item.id)).toEqual(['msg-assign-01']);
    expect((await list('&assignee=none')).map((item) => item.id)).not.toContain('msg-assign-01');

    const entries = await auditOf(server.store, 'contact_message', 'msg-assign-01', 3);
    expect(entries.map((entry) => [entry.action, entry.before, entry.after, entry.actor])).toEqual([
      [
        'contact_update',
        { status: 'new', assignee: null },
        { status: 'in_progress', assignee: colleague.uid },
        users.admin.uid,
      ],
      ['contact_update', { assignee: colleague.uid }, { assignee: null }, users.admin.uid],
      ['contact_update', { assignee: null }, { assignee: colleague.uid }, users.admin.uid],
    ]);
  });

  it("mails a reply once in the sender's language and keeps it with the message", async () => {
    await send(message('msg-reply-en', { language: 'en', email: 'reader@example.test', languages: ['fr'] }));
    const target = '/api/admin/contact-messages/msg-reply-en';
    const body = { id: 'reply-en-0001', text: 'Please go to the embassy with a police report.' };
    const [first, second] = await Promise.all([
      admin('POST', `${target}/replies`, body),
      admin('POST', `${target}/replies`, body),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);

    const sent = (await mails()).filter(
      (mail) => mail.kind === 'contact_reply' && mail.to === 'reader@example.test',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Re: Passeport volé à Bangkok – SOS Expat');
    expect(sent[0]!.text).toContain('Hello Amélie,');
    expect(sent[0]!.text).toContain(body.text);
    expect(sent[0]!.text).toContain("> On m'a volé mon passeport");

    const shown = await admin('GET', target);
    expect((shown.json as { message: ContactMessageView }).message).toMatchObject({
      status: 'answered',
      replyLanguage: 'en',
      replies: [{ id: body.id, by: users.admin.uid, language: 'en', text: body.text, state: 'sent' }],
    });
    const entries = await auditOf(server.store, 'contact_message', 'msg-reply-en', 1);
    expect(entries.map((entry) => [entry.action, entry.after])).toEqual([
      ['contact_reply', { status: 'answered', reply: { id: body.id, language: 'en', state: 'sent' } }],
    ]);
    expect((await list('&status=answered')).map((item) => item.id)).toContain('msg-reply-en');
  });

  it('answers in a language the sender speaks when the message does not say which it was written in', async () => {
    await send(message('msg-reply-de', { email: 'leser@example.test', languages: ['it', 'de', 'fr'] }));
    const answer = await admin('POST', '/api/admin/contact-messages/msg-reply-de/replies', {
      id: 'reply-de-0001',
      text: 'Bitte wenden Sie sich an die Botschaft.',
    });
    expect(answer.status).toBe(201);
    const sent = (await mails()).find((mail) => mail.to === 'leser@example.test');
    expect(sent?.text).toContain('Guten Tag Amélie,');
  });
});
