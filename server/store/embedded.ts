/**
 * Starts the embedded store (see embedded-child.ts) in a loopback child process with data under
 * `<dataDir>/store`, and stops it with the service. A fresh admin password is chosen at each start.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectStore } from './store';
import type { Store } from './store';

const CHILD = fileURLToPath(new URL('./embedded-child.ts', import.meta.url));
const START_TIMEOUT_MS = 30_000;
/** LevelDB refuses to open a directory a dying previous process still locks: retry a few times. */
const START_ATTEMPTS = 5;

export async function startEmbeddedStore(dataDir: string): Promise<Store> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    try {
      return await startOnce(dataDir);
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    }
  }
  throw lastError;
}

function startOnce(dataDir: string): Promise<Store> {
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
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The embedded store exited with code ${code}`));
    });
    child.once('message', (message: { ready?: number; failed?: string }) => {
      clearTimeout(timer);
      if (!message.ready) {
        reject(new Error(message.failed ?? 'The embedded store failed to start'));
        return;
      }
      const stop = () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      resolve(
        connectStore(`http://admin:${password}@127.0.0.1:${message.ready}`, 'embedded', stop, child.pid),
      );
    });
  });
}
