import express from 'express';
import type { Request, Router } from 'express';
import type { Config } from '../config/env';
import { listOutbox, readOutboxMail } from '../services/mail';
import type { OutboxMail } from '../services/mail';
import { escapeHtml } from '../services/mail-layout';
import { resolveSession, sessionToken } from '../services/sessions';
import type { Store } from '../store/store';

/**
 * The demo mailbox (`GET /mailbox`), only in demo mode (no `SMTP_URL`): the mails the service would
 * have sent, newest first, with their links clickable, so that a newcomer can verify an address or
 * reset a password without a mail server. With SMTP configured this router is not mounted at all.
 *
 * It holds everyone's verification and password-reset links, so it is served only to the machine
 * the service runs on (a request whose socket comes from a loopback address and that no proxy
 * forwarded: forwarded headers are never trusted here, since a reverse proxy on the same machine
 * would otherwise pass every visitor off as local) or to a signed-in admin. Anyone else gets 403.
 */
export function mailboxRouter(config: Config, store: Store): Router {
  const router = express.Router();
  router.use('/mailbox', async (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    if (isLocalRequest(req)) return next();
    const user = await resolveSession(store, sessionToken(req));
    if (user?.role === 'admin') return next();
    res.status(403).type('html').send(refusedPage());
  });

  router.get('/mailbox', async (_req, res) => {
    const mails = await listOutbox(config);
    res.type('html').send(page(mails));
  });

  // The mail as its recipient's client would show it; the HTML is ours, scripts stay off anyway.
  router.get('/mailbox/:id/html', async (req, res) => {
    const mail = await readOutboxMail(config, req.params.id);
    if (!mail) return void res.status(404).type('text/plain').send('No such message.');
    res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'");
    res.type('html').send(mail.html);
  });

  return router;
}

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/** A request from this machine itself: its socket is on loopback and no proxy says it forwarded it. */
export function isLocalRequest(req: Request): boolean {
  if (FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined)) return false;
  return isLoopbackAddress(req.socket.remoteAddress);
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

function page(mails: OutboxMail[]): string {
  const items = mails.map(
    (mail) => `<li class="mail">
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · ${escapeHtml(mail.kind)} · <time datetime="${escapeHtml(mail.createdAt)}">${escapeHtml(DATE_FORMAT.format(new Date(mail.createdAt)))}</time> · <a href="/mailbox/${encodeURIComponent(mail.id)}/html">view as HTML</a></p>
  <pre>${linkify(mail.text)}</pre>
</li>`,
  );
  return htmlPage(
    'Demo mailbox — mails are not sent',
    `
  .notice { margin: 0 0 24px; padding: 12px 16px; border-radius: 8px; background: #fff5e0; color: #5c3600; }
  ol { list-style: none; margin: 0; padding: 0; }
  .mail { margin: 0 0 16px; padding: 16px; border-radius: 8px; background: #fff; box-shadow: 0 1px 3px rgb(16 24 40 / 10%); }
  .mail h2 { margin: 0 0 4px; font-size: 1.1rem; }
  .meta { margin: 0 0 12px; font-size: 0.9rem; color: #3d4657; }
  pre { margin: 0; white-space: pre-wrap; word-break: break-word; font: inherit; }
  a { color: #1f5fc4; }
  a:focus-visible { outline: 3px solid #1f5fc4; outline-offset: 2px; }`,
    `<p class="notice">No mail server is configured (<code>SMTP_URL</code> is not set), so the service keeps its mails here and under <code>DATA_DIR/mail</code> instead of sending them. Newest first.</p>
<p class="notice">These mails hold other people's sign-in links, so this page is shown only to the machine the service runs on and to signed-in admins. Anyone else is refused.</p>
${mails.length ? `<ol>\n${items.join('\n')}\n</ol>` : '<p>No mail yet.</p>'}`,
  );
}

function refusedPage(): string {
  return htmlPage(
    'Demo mailbox — not available from here',
    '',
    `<p>The demo mailbox holds other people's sign-in and password-reset links, so it is shown only on the machine the service runs on, or to a signed-in admin.</p>
<p><a href="/">Back to SOS Expat</a></p>`,
  );
}

/** The mailbox's pages: `title` as heading, `style` added to the shared rules, `body` after the heading. */
function htmlPage(title: string, style: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · SOS Expat</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; line-height: 1.5; color: #141a26; background: #f1f3f7; }
  main { max-width: 860px; margin: 0 auto; padding: 24px 16px; }
  h1 { margin: 0 0 8px; font-size: 1.6rem; }${style}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}

/** Escapes a plain-text body and turns its http(s) addresses into links. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}
