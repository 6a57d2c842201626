/**
 * Skips that say why. A skipped test records its reason in the test's meta, which the JSON report keeps, so
 * that the CI summary lists every skipped test with its reason (scripts/ci-summary.mjs).
 */
import { describe, it, type TestContext } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** Why the test skipped. */
    skipReason?: string;
    /** Set only for skips CI accepts (a binary this machine cannot download); any other skip fails CI. */
    skipAllowedInCi?: boolean;
  }
}

/** Skips the running test, recording why. */
export function skipBecause(ctx: TestContext, reason: string, allowedInCi = false): never {
  ctx.task.meta.skipReason = reason;
  if (allowedInCi) ctx.task.meta.skipAllowedInCi = true;
  ctx.skip(reason);
  throw new Error('unreachable: ctx.skip throws');
}

/** Registers one test that skips with its reason: the stand-in for a group whose prerequisite is absent. */
export function skippedBecause(title: string, reason: string, allowedInCi = false): void {
  it(title, (ctx) => skipBecause(ctx, reason, allowedInCi));
}

/**
 * `describe` when the prerequisite is there; otherwise registers nothing at all (pair it with `skippedBecause`),
 * so that the skip is counted once, with its reason, instead of once per test without one.
 */
export function describeWhen(present: boolean): typeof describe {
  return present ? describe : ((() => undefined) as unknown as typeof describe);
}
