import "server-only";

/**
 * A read by key whose callers in one turn of the event loop share one query: every key asked
 * before the turn ends is read together by `readMany` once it ends. Nothing is remembered past the
 * query, so each answer is as fresh as a read of its own started after it was asked (a caller that
 * has just written reads its write). At a kickoff the session answers of one turn then hold one
 * pooled connection between them, not one each (docs/decisions/026-route-lane.md).
 */
export function gatheredRead<V>(readMany: (keys: string[]) => Promise<Map<string, V>>, absent: V): (key: string) => Promise<V> {
  let asked: Map<string, { promise: Promise<V>; resolve(value: V): void; reject(error: unknown): void }> | null = null;

  function readAsked(): void {
    const batch = asked!;
    asked = null;
    readMany([...batch.keys()]).then(
      (values) => {
        for (const [key, waiter] of batch) waiter.resolve(values.get(key) ?? absent);
      },
      (error: unknown) => {
        for (const waiter of batch.values()) waiter.reject(error);
      },
    );
  }

  return (key) => {
    if (!asked) {
      asked = new Map();
      setImmediate(readAsked);
    }
    const existing = asked.get(key);
    if (existing) return existing.promise;
    let resolve!: (value: V) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<V>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    asked.set(key, { promise, resolve, reject });
    return promise;
  };
}
