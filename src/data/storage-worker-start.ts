/**
 * The worker that runs the offline store's IndexedDB work (storage-worker.ts). Started by the page
 * as it fetches the offline store's own code (src/main.tsx), so that the two download and start
 * side by side; database.ts then takes it (or starts one, when the page did not).
 */
export type StorageWorker = {
  worker: Worker;
  /** Resolves once the worker's code has run and it answers; rejects if it could not start. */
  ready: Promise<void>;
};

let started: StorageWorker | undefined;

/** Starts the worker now, unless it already is. */
export function startStorageWorker(): void {
  started ??= spawn();
}

/** The worker started by startStorageWorker, or a new one: each is taken once. */
export function takeStorageWorker(): StorageWorker {
  const taken = started ?? spawn();
  started = undefined;
  return taken;
}

function spawn(): StorageWorker {
  const worker = new Worker(new URL('./storage-worker.ts', import.meta.url), {
    type: 'module',
    name: 'offline-store',
  });
  const ready = new Promise<void>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (isReady(event.data)) resolve();
    });
    worker.addEventListener('error', (event) => {
      reject(new Error(`The offline store's worker did not start: ${event.message || 'no message'}`));
    });
  });
  return { worker, ready };
}

/** The message the worker posts once its code has run. */
export const WORKER_READY = { storageWorkerReady: true } as const;

function isReady(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'storageWorkerReady' in data;
}
