/**
 * A list read right after a write, as a CouchDB cluster answers it: views and `_all_docs` are read
 * from one copy of each shard, which may not have the write yet for a few milliseconds (a document
 * read by id never lags). `settled` reads again until `done` holds or the time is up, then answers
 * the last reading, so the test's own assertion says what was there. On the embedded store the
 * first reading is already current.
 */
export async function settled<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
