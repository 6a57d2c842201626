import type { EvalState } from './policy.js';

/** Report status (§7.4): fatal error → 422; anything throwable or invalid → 206; else 200. */
export function statusOf(bag: EvalState['bag'], throwLevel: number): 200 | 206 | 422 {
  if (bag.error.some((d) => d.severity === 0)) return 422;
  const all = [...bag.error, ...bag.warning, ...bag.debug];
  if (all.some((d) => d.severity < throwLevel)) return 206;
  if (bag.error.some((d) => d.severity >= 10 && d.severity < 20)) return 206;
  return 200;
}
