/**
 * Whether a synchronous run (engine/sync-tier.ts) is under way on this thread. One flag for the thread is exact:
 * such a run never lets another evaluation in before it ends, and it clears the flag when it does, however it ends.
 */
export const syncRun = { active: false };

/** What a synchronous run throws where it cannot go on: JSONata then evaluates the expression as it is. */
export class NeedsAsync {}

const NEEDS_ASYNC = new NeedsAsync();

/** The marker to throw; `pending`: a promise met, whose outcome nobody reads any more (so never unhandled). */
export function needsAsync(pending?: PromiseLike<unknown>): NeedsAsync {
  if (pending) Promise.resolve(pending).catch(() => undefined);
  return NEEDS_ASYNC;
}

/** A value in a synchronous run: itself, or `needsAsync` thrown for a promise. */
export function settledNow<T>(value: T | PromiseLike<T>): T {
  // most values are strings, numbers and undefined: no `then` looked up through their prototypes
  const type = typeof value;
  if (type !== 'object' && type !== 'function') return value as T;
  if (typeof (value as { then?: unknown } | null)?.then === 'function')
    throw needsAsync(value as PromiseLike<T>);
  return value as T;
}
