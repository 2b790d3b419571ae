/**
 * Unsubscribe links: every campaign mail carries `PUBLIC_URL/unsubscribe?token=…`, which its
 * recipient follows without signing in. The token names the address, the campaign and the page's
 * language, signed with HMAC-SHA256 under a server key: `UNSUBSCRIBE_SECRET`, or, when it is not
 * set, a random key generated once and kept in the store (`key:unsubscribe`), so that links in mails
 * already sent keep working across restarts and instances. The key is never logged.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isLanguage } from '../../../src/domain/languages';
import type { Language } from '../../../src/domain/languages';
import type { Config } from '../../config/env';
import { registerSecret } from '../../log';
import { createOnce } from '../../store/store';
import type { Store } from '../../store/store';
import { COMMS_DB, commsDb } from './records';

type KeyDoc = { _id: string; type: 'key'; key: string };
const KEY_ID = 'key:unsubscribe';
const SIGNATURE_LENGTH = 32;

const keys = new WeakMap<Store, Promise<string>>();

/** The signing key: the configured secret, else the store's own (created by the first to need it). */
export function unsubscribeKey(store: Store, config: Config): Promise<string> {
  if (config.campaigns.unsubscribeSecret) return Promise.resolve(config.campaigns.unsubscribeSecret);
  let key = keys.get(store);
  if (!key) {
    key = (async () => {
      await createOnce<KeyDoc>(store, COMMS_DB, {
        _id: KEY_ID,
        type: 'key',
        key: randomBytes(32).toString('hex'),
      });
      const stored = (await commsDb<KeyDoc>(store).get(KEY_ID)).key;
      registerSecret(stored);
      return stored;
    })();
    key.catch(() => keys.delete(store));
    keys.set(store, key);
  }
  return key;
}

export type UnsubscribeClaim = { email: string; campaignId: string; language: Language };

const sign = (key: string, claim: UnsubscribeClaim) =>
  createHmac('sha256', key)
    .update(`unsubscribe\n${claim.email}\n${claim.campaignId}\n${claim.language}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);

export function unsubscribeToken(key: string, claim: UnsubscribeClaim): string {
  const address = Buffer.from(claim.email, 'utf8').toString('base64url');
  return `${address}.${claim.campaignId}.${claim.language}.${sign(key, claim)}`;
}

/** The claim of a well-formed token whose signature holds, else undefined. */
export function readUnsubscribeToken(key: string, token: unknown): UnsubscribeClaim | undefined {
  if (typeof token !== 'string' || token.length > 1000) return undefined;
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [address, campaignId, language, signature] = parts as [string, string, string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(address) || !/^[a-z0-9-]{1,40}$/.test(campaignId)) return undefined;
  if (!isLanguage(language)) return undefined;
  const claim = { email: Buffer.from(address, 'base64url').toString('utf8'), campaignId, language };
  const expected = Buffer.from(sign(key, claim));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? claim : undefined;
}

export function unsubscribeUrl(config: Config, token: string): string {
  return `${config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}
