/** Runs tasks one at a time per key, in call order; tasks under different keys run concurrently. */
export interface KeyedQueue {
  /** Runs `task` once every task queued before it under `key` has settled; its result or failure is the caller's. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Resolves once every task queued so far has settled. */
  idle(): Promise<void>;
}

/** A queue that serialises work per key, e.g. writes to one mapping id in a store. */
export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<void>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    async idle(): Promise<void> {
      await Promise.all(tails.values());
    },
  };
}
