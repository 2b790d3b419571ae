/**
 * The offline store's IndexedDB work, in a worker of its own: RxDB's Dexie storage, exposed to the
 * page's RxDB through RxDB's remote storage (database.ts).
 */
import { Subject } from 'rxjs';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { exposeRxStorageRemote } from 'rxdb/plugins/storage-remote';
import type { MessageToRemote } from 'rxdb/plugins/storage-remote';
import { DEXIE_SETTINGS } from './dexie-settings';
import { WORKER_READY } from './storage-worker-start';

/** The worker's global scope (the project's types are the page's, not a worker's). */
const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<MessageToRemote>) => void): void;
  postMessage(message: unknown): void;
};

const messages$ = new Subject<MessageToRemote>();
scope.addEventListener('message', (event: MessageEvent<MessageToRemote>) => messages$.next(event.data));
exposeRxStorageRemote({
  storage: getRxStorageDexie(DEXIE_SETTINGS),
  messages$: messages$.asObservable(),
  send: (message) => scope.postMessage(message),
});
scope.postMessage(WORKER_READY);
