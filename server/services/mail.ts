/**
 * The mail seam. With `SMTP_URL` set, mail goes out through nodemailer's SMTP transport. Without it
 * (demo mode) nothing leaves the machine: each message is written to the outbox under
 * `DATA_DIR/mail/` as the exact MIME message SMTP would have carried (`.eml`) plus a `.json` summary,
 * and the demo mailbox page (`GET /mailbox`) lists them so a newcomer can click the links.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config/env';

export type MailKind =
  | 'verification'
  | 'password_reset'
  | 'invoice'
  | 'credit_note'
  | 'provider_approved'
  | 'provider_rejected'
  | 'payout_sent'
  | 'contact_reply'
  | 'campaign'
  | 'automation';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type OutgoingMail = {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** More headers (a campaign's `List-Unsubscribe`); never the seam's own `X-SOS-Expat-Mail`. */
  headers?: Record<string, string>;
  /** A fixed Message-ID (`<…@…>`), so that a mail sent again is recognisably the same message. */
  messageId?: string;
};

/** A message of the demo outbox, as the mailbox page lists it: attachments by name only (they are in the .eml). */
export type OutboxMail = Omit<OutgoingMail, 'attachments' | 'headers' | 'messageId'> & {
  id: string;
  from: string;
  messageId: string;
  createdAt: string;
  attachments?: string[];
};

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const OUTBOX_ID = /^\d{15}-[0-9a-f]{8}$/;
const OUTBOX_LIST_LIMIT = 100;

const smtpTransports = new Map<string, Transporter>();

/**
 * A Message-ID fixed by what the mail is about (`key`, e.g. a payout's id), in the sender's domain:
 * a mail sent again after a crash is then recognisably the same message.
 */
export function fixedMessageId(key: string, mailFrom: string): string {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<${key.replace(/[^A-Za-z0-9_-]+/g, '.')}@${domain}>`;
}

export function mailMode(config: Config): 'smtp' | 'outbox' {
  return config.smtp ? 'smtp' : 'outbox';
}

/**
 * Hands a message to the SMTP server, or writes it to the demo outbox. Throws when the SMTP server
 * cannot be reached or refuses the message; the caller decides whether that undoes anything.
 */
export async function sendMail(config: Config, mail: OutgoingMail): Promise<void> {
  const message = {
    from: config.mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { ...mail.headers, 'X-SOS-Expat-Mail': mail.kind },
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
  };
  if (config.smtp) {
    await smtpTransport(config.smtp.url).sendMail(message);
    return;
  }
  const composed = await createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(
    message,
  );
  const id = `${String(Date.now()).padStart(15, '0')}-${randomBytes(4).toString('hex')}`;
  const dir = outboxDir(config);
  await mkdir(dir, { recursive: true });
  const { attachments, headers: _headers, messageId: _messageId, ...summary } = mail;
  const stored: OutboxMail = {
    ...summary,
    ...(attachments?.length ? { attachments: attachments.map((file) => file.filename) } : {}),
    id,
    from: config.mailFrom,
    messageId: composed.messageId,
    createdAt: new Date().toISOString(),
  };
  await writeFile(path.join(dir, `${id}.eml`), composed.message as Buffer);
  await writeFile(path.join(dir, `${id}.json`), JSON.stringify(stored, null, 2));
}

function smtpTransport(url: string): Transporter {
  let transport = smtpTransports.get(url);
  if (!transport) {
    transport = createTransport({ url, ...SMTP_TIMEOUTS });
    smtpTransports.set(url, transport);
  }
  return transport;
}

export function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'mail');
}

/** The demo outbox, newest first (the most recent hundred). */
export async function listOutbox(config: Config): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir(config));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const ids = names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter((id) => OUTBOX_ID.test(id))
    .sort()
    .reverse()
    .slice(0, OUTBOX_LIST_LIMIT);
  const mails = await Promise.all(ids.map((id) => readOutboxMail(config, id)));
  return mails.filter((mail): mail is OutboxMail => mail !== undefined);
}

export async function readOutboxMail(config: Config, id: string): Promise<OutboxMail | undefined> {
  if (!OUTBOX_ID.test(id)) return undefined;
  try {
    return JSON.parse(await readFile(path.join(outboxDir(config), `${id}.json`), 'utf8')) as OutboxMail;
  } catch {
    return undefined;
  }
}
