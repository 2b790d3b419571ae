/**
 * The service's part in what users write to their own databases (see `UserDocHooks` in
 * server/http/gateway.ts): one module per document type that needs the store's judgement or
 * triggers work elsewhere.
 */
import type { UserDocHooks } from '../http/gateway';
import type { Store } from '../store/store';
import { messageHooks } from './messages';
import { profileHooks } from './profile-publish';
import { reviewHooks } from './reviews';

export function userDocHooks(store: Store): UserDocHooks {
  return { ...profileHooks(store), ...reviewHooks(store), ...messageHooks(store) };
}
