import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './keyed-queue.js';

/** A promise settled by hand, so that the order of events is decided by the test, never by timers. */
function deferred<T = void>(): { promise: Promise<T>; resolve(value: T): void; reject(error: Error): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every already-queued promise callback run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('createKeyedQueue', () => {
  it('runs the tasks of one key one at a time, in call order', async () => {
    const queue = createKeyedQueue();
    const events: string[] = [];
    const first = deferred();
    const a = queue.run('k', async () => {
      events.push('first started');
      await first.promise;
      events.push('first done');
      return 1;
    });
    const b = queue.run('k', async () => {
      events.push('second started');
      return 2;
    });
    await settle();
    expect(events).toEqual(['first started']);
    first.resolve();
    expect(await Promise.all([a, b])).toEqual([1, 2]);
    expect(events).toEqual(['first started', 'first done', 'second started']);
  });

  it('runs tasks of different keys concurrently', async () => {
    const queue = createKeyedQueue();
    const blocker = deferred();
    const events: string[] = [];
    const slow = queue.run('a', async () => {
      await blocker.promise;
      events.push('a');
    });
    await queue.run('b', async () => {
      events.push('b');
    });
    expect(events).toEqual(['b']);
    blocker.resolve();
    await slow;
    expect(events).toEqual(['b', 'a']);
  });

  it("gives a failure to its own caller only; the key's next task still runs", async () => {
    const queue = createKeyedQueue();
    const failing = queue.run('k', () => Promise.reject(new Error('boom')));
    const next = queue.run('k', () => Promise.resolve('after'));
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('after');
  });

  it('idle() waits for every task queued so far, failed ones included', async () => {
    const queue = createKeyedQueue();
    const gates = [deferred(), deferred()];
    const done: string[] = [];
    void queue.run('x', () => gates[0]!.promise.then(() => void done.push('x')));
    queue.run('y', () => gates[1]!.promise).catch(() => done.push('y failed'));
    let idle = false;
    const waiting = queue.idle().then(() => {
      idle = true;
    });
    gates[0]!.resolve();
    await settle();
    expect(idle).toBe(false);
    gates[1]!.reject(new Error('no'));
    await waiting;
    expect(done).toEqual(['x', 'y failed']);
  });
});
