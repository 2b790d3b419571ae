/**
 * The tracking links of A/B campaign mails (services/comms/tracking.ts), outside `/api`: a mail
 * client loads the pixel and a reader follows a link with no session and no CSRF header.
 * - `GET /m/o/<token>.gif`: a transparent 1×1 GIF; the recipient's first open is recorded.
 * - `GET /m/c/<token>`: 302 to the campaign's link the token numbers; the first click is recorded.
 * A forged or damaged token gets a 400 (a small page for a link), and nothing is written for it;
 * neither answer is cached, so that a reopened mail reaches us again (it still counts once).
 */
import express from 'express';
import type { Response, Router } from 'express';
import type { Config } from '../config/env';
import { followClick, readClickToken, readOpenToken, recordOpen } from '../services/comms/tracking';
import { unsubscribeKey } from '../services/comms/unsubscribe-token';
import type { Store } from '../store/store';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The reader's language is not in a link's token: the few words are in the five languages. */
const INVALID_LINK = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>SOS Expat</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1b2230">
<main style="max-width:480px;margin:40px auto;background:#ffffff;padding:24px;border-radius:8px" role="alert">
<h1 style="font-size:20px;margin:0 0 16px">SOS Expat</h1>
<p lang="fr">Ce lien n’est pas valide.</p>
<p lang="en">This link is not valid.</p>
<p lang="es">Este enlace no es válido.</p>
<p lang="ru">Эта ссылка недействительна.</p>
<p lang="de">Dieser Link ist ungültig.</p>
</main>
</body>
</html>`;

const noStore = (res: Response) => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
};

export function mailTrackingRouter(store: Store, config: Config): Router {
  const router = express.Router();

  router.get('/m/o/:file', async (req, res) => {
    noStore(res);
    const file = String(req.params.file);
    const claim = file.endsWith('.gif')
      ? readOpenToken(await unsubscribeKey(store, config), file.slice(0, -'.gif'.length))
      : undefined;
    if (!claim) {
      res.status(400).type('text/plain').send('Not a valid tracking link.');
      return;
    }
    await recordOpen(store, claim);
    res.type('image/gif').send(PIXEL);
  });

  router.get('/m/c/:token', async (req, res) => {
    noStore(res);
    // In a plain-text mail a link can end a sentence ("…/m/c/<token>."), and some readers keep the
    // full stop in the link. A signature is base64url, so trailing punctuation is never part of it.
    // Found from the end in one pass: a regular expression anchored at the end would scan a long
    // run of punctuation again from each of its characters.
    const given = String(req.params.token);
    let end = given.length;
    while (end > 0 && '.,;:!?)'.includes(given[end - 1]!)) end--;
    const token = given.slice(0, end);
    const claim = readClickToken(await unsubscribeKey(store, config), token);
    const url = claim ? await followClick(store, claim) : undefined;
    if (!url) {
      res.status(400).type('html').send(INVALID_LINK);
      return;
    }
    res.redirect(302, url);
  });
  return router;
}
