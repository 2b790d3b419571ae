/**
 * A storage whose large writes are made in slices, handing the main thread back between slices.
 *
 * A first visit pulls the public databases in batches of a hundred documents, and RxDB writes each
 * batch in one `bulkWrite`: Dexie then copies every document into IndexedDB, RxDB emits the change
 * and the queries on screen are brought up to date, all in one task that held the page for 25–40 ms
 * (100–160 ms on a phone four times slower). Written a slice at a time, with a pause between slices,
 * a tap or a scroll meanwhile is answered at once. Each document's write stays whole (a bulk write
 * is per document in RxDB, never all-or-nothing), and the slices are written in order.
 */
import type { RxStorage } from 'rxdb';

/** Hands the main thread back: `scheduler.yield()` where there is one, else a new task. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export function withSlicedWrites<Internals, Options>(
  storage: RxStorage<Internals, Options>,
  sliceSize: number,
): RxStorage<Internals, Options> {
  const createStorageInstance: RxStorage<Internals, Options>['createStorageInstance'] = async (params) => {
    const instance = await storage.createStorageInstance(params);
    const write = instance.bulkWrite.bind(instance);
    type Response = Awaited<ReturnType<typeof write>>;
    instance.bulkWrite = async (rows, context): Promise<Response> => {
      if (rows.length <= sliceSize) return write(rows, context);
      const error: Response['error'] = [];
      for (let start = 0; start < rows.length; start += sliceSize) {
        if (start > 0) await yieldToMain();
        error.push(...(await write(rows.slice(start, start + sliceSize), context)).error);
      }
      return { error };
    };
    return instance;
  };
  return { name: storage.name, rxdbVersion: storage.rxdbVersion, createStorageInstance };
}
