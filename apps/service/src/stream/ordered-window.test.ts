import { describe, expect, it } from 'vitest';
import { OrderedWindow } from './ordered-window.js';

describe('OrderedWindow', () => {
  it('commits in input order whatever the completion order, with at most `size` inputs pending', async () => {
    const committed: number[] = [];
    const resolvers = new Map<number, () => void>();
    let pendingMax = 0;
    const window = new OrderedWindow<number, number>(
      3,
      (n) =>
        new Promise<number>((resolve) => {
          resolvers.set(n, () => resolve(n * 10));
          pendingMax = Math.max(pendingMax, resolvers.size - committed.length);
        }),
      (n, out) => committed.push(n, out),
    );
    const pushes = [window.push(0), window.push(1)];
    await Promise.all(pushes);
    const third = window.push(2); // the window is full: resolves once 0 is committed
    resolvers.get(1)?.();
    resolvers.get(2)?.();
    await new Promise((r) => setTimeout(r, 5));
    expect(committed).toEqual([]);
    resolvers.get(0)?.();
    await third;
    await window.finish();
    expect(committed).toEqual([0, 0, 1, 10, 2, 20]);
    expect(pendingMax).toBeLessThanOrEqual(3);
  });
});
