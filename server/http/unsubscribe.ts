/**
 * The unsubscribe link of campaign mails (`/unsubscribe?token=…`, services/comms/unsubscribe-token.ts),
 * outside `/api` because neither a mail client nor a bare HTML form sends the API's CSRF header, and
 * no sign-in is needed (the signed token names the address):
 * - `POST`: the unsubscription itself, the RFC 8058 one-click POST (`List-Unsubscribe=One-Click`) of
 *   a mail client, or the form of the page below; answers a small page saying it is done.
 * - `GET`: a page in the recipient's language asking to confirm with one button (a form posting the
 *   same link, no JavaScript), so that a link scanner opening the link unsubscribes nobody.
 * A forged or damaged token gets a 400 page; nothing is written for it.
 */
import express from 'express';
import type { Request, Response, Router } from 'express';
import { isLanguage } from '../../src/domain/languages';
import type { Language } from '../../src/domain/languages';
import type { Config } from '../config/env';
import {
  unsubscribeConfirmPage,
  unsubscribeDonePage,
  unsubscribeInvalidPage,
} from '../services/comms/campaign-mail';
import { unsubscribe } from '../services/comms/suppression';
import { readUnsubscribeToken, unsubscribeKey } from '../services/comms/unsubscribe-token';
import type { Store } from '../store/store';

/** The language a damaged token still names, for its error page. */
function languageOf(token: unknown): Language {
  const named = typeof token === 'string' ? token.split('.')[2] : undefined;
  return isLanguage(named) ? named : 'fr';
}

export function unsubscribeRouter(store: Store, config: Config): Router {
  const router = express.Router();
  const claimOf = async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    const token = req.query.token;
    const claim = readUnsubscribeToken(await unsubscribeKey(store, config), token);
    if (!claim)
      res
        .status(400)
        .type('html')
        .send(unsubscribeInvalidPage(languageOf(token)));
    return claim;
  };

  router.get('/unsubscribe', async (req, res) => {
    const claim = await claimOf(req, res);
    if (!claim) return;
    res.type('html').send(unsubscribeConfirmPage(claim.language, claim.email, req.originalUrl));
  });

  router.post('/unsubscribe', async (req, res) => {
    const claim = await claimOf(req, res);
    if (!claim) return;
    await unsubscribe(store, { email: claim.email, campaignId: claim.campaignId });
    res.type('html').send(unsubscribeDonePage(claim.language, claim.email));
  });
  return router;
}
