/**
 * Starts the embedded store (see embedded-child.ts) in a loopback child process with data under
 * `<dataDir>/store`, and stops it with the service. A fresh admin password is chosen at each start.
 * If the store process dies while the service runs, it is started again on the same data: a fault
 * there must not take the API down for longer than the restart. A database's documents API
 * (`db(name)`), often kept by a service for its whole run, follows the store to its new address.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentScope } from 'nano';
import { createLocalWrites } from './local-writes';
import type { LocalWrites } from './local-writes';
import { connectStore } from './store';
import type { Store } from './store';
import { logError } from '../log';

const CHILD = fileURLToPath(new URL('./embedded-child.ts', import.meta.url));
const START_TIMEOUT_MS = 30_000;
/** LevelDB refuses to open a directory a dying previous process still locks: retry a few times. */
const START_ATTEMPTS = 5;

type Running = { store: Store; child: ChildProcess };

export async function startEmbeddedStore(dataDir: string): Promise<Store> {
  // One for the service's whole run: a listener stays subscribed across restarts of the store.
  const writes = createLocalWrites();
  let current = await startWithRetries(dataDir, writes);
  let stopping = false;
  const supervise = (running: Running) => {
    running.child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`[store] the embedded store stopped (${signal ?? code}); starting it again`);
      void startWithRetries(dataDir, writes).then(
        (next) => {
          restarted(next);
          supervise(next);
          console.error(`[store] embedded store running again (pid ${next.child.pid})`);
        },
        (error: unknown) => logError('[store] the embedded store could not be started again', error),
      );
    });
  };
  supervise(current);
  /** Per database: its documents API on the store running now, and the one handed out, which follows it. */
  let scopes = new Map<string, DocumentScope<object>>();
  const following = new Map<string, DocumentScope<object>>();
  const scopeOf = (name: string) => {
    let scope = scopes.get(name);
    if (!scope) scopes.set(name, (scope = current.store.db(name)));
    return scope;
  };
  const followingScope = (name: string) => {
    let scope = following.get(name);
    if (!scope) following.set(name, (scope = followRestarts(() => scopeOf(name))));
    return scope;
  };
  const restarted = (next: Running) => {
    current = next;
    scopes = new Map();
  };
  return {
    kind: 'embedded',
    get pid() {
      return current.child.pid;
    },
    get origin() {
      return current.store.origin;
    },
    get authorization() {
      return current.store.authorization;
    },
    get server() {
      return current.store.server;
    },
    // One scope per database whatever the document type asked for: the type is the caller's claim, as with nano.
    db: <T extends object>(name: string) => followingScope(name) as unknown as DocumentScope<T>,
    writes,
    async close() {
      stopping = true;
      await current.store.close();
    },
  };
}

/** A documents API whose every method and member is the current store's (read at each use). */
function followRestarts(scopeNow: () => DocumentScope<object>): DocumentScope<object> {
  // The target is never used: every member is looked up on the scope of the store running now.
  return new Proxy({} as DocumentScope<object>, {
    // Spread (`{ ...db, insert }`) and `Object.keys` see the current scope's members too.
    ownKeys: () => Reflect.ownKeys(scopeNow()),
    getOwnPropertyDescriptor(_target, member) {
      const own = Reflect.getOwnPropertyDescriptor(scopeNow(), member);
      return own && { ...own, configurable: true };
    },
    get(_target, member) {
      const scope = scopeNow();
      const value: unknown = Reflect.get(scope, member);
      return typeof value === 'function'
        ? (...args: unknown[]) => (Reflect.get(scopeNow(), member) as (...a: unknown[]) => unknown)(...args)
        : value;
    },
  });
}

async function startWithRetries(dataDir: string, writes: LocalWrites): Promise<Running> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    try {
      return await startOnce(dataDir, writes);
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    }
  }
  throw lastError;
}

function startOnce(dataDir: string, writes: LocalWrites): Promise<Running> {
  const password = randomBytes(24).toString('hex');
  const child = fork(CHILD, [], {
    env: {
      ...process.env,
      STORE_DIR: path.join(path.resolve(dataDir), 'store'),
      STORE_ADMIN_PASSWORD: password,
    },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('The embedded store did not start in time'));
    }, START_TIMEOUT_MS);
    const onEarlyExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`The embedded store exited with code ${code}`));
    };
    child.once('exit', onEarlyExit);
    child.once('message', (message: { ready?: number; failed?: string }) => {
      clearTimeout(timer);
      child.off('exit', onEarlyExit);
      if (!message.ready) {
        reject(new Error(message.failed ?? 'The embedded store failed to start'));
        return;
      }
      const stop = () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      const url = `http://admin:${password}@127.0.0.1:${message.ready}`;
      resolve({ store: connectStore(url, 'embedded', stop, child.pid, writes), child });
    });
  });
}
