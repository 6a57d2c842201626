import type { FunctionCallContext } from './function-types.js';
import { invokeFunction } from './invoke-function.js';
import { callbackArgs } from './jsonata-values.js';
import { hashText, hashValue } from './stable-json.js';

/**
 * `$pLimit` scheduling (§6.3): items go to min(limit, n) lanes, round-robin or by `keyFn`; lanes run in
 * parallel, items of one lane in order. Results keep the input order.
 */
export async function runInLanes(
  ctx: FunctionCallContext,
  items: unknown[],
  limit: number,
  fn: unknown,
  keyFn: unknown,
): Promise<unknown[]> {
  const laneCount = Math.min(Math.max(1, Math.trunc(Number.isFinite(limit) ? limit : 1)), items.length);
  if (laneCount === 0) return [];
  const lanes: number[][] = Array.from({ length: laneCount }, () => []);
  for (let i = 0; i < items.length; i++) {
    const key =
      keyFn === undefined
        ? undefined
        : await invokeFunction(ctx, keyFn, callbackArgs(keyFn, items[i], i, items));
    lanes[laneFor(key, i, laneCount)]?.push(i);
  }
  const results: unknown[] = new Array(items.length);
  await Promise.all(
    lanes.map(async (lane) => {
      for (const i of lane) results[i] = await invokeFunction(ctx, fn, callbackArgs(fn, items[i], i, items));
    }),
  );
  return results;
}

function laneFor(key: unknown, index: number, lanes: number): number {
  if (key === undefined || key === null) return index % lanes;
  if (typeof key === 'number' && Number.isFinite(key)) return ((Math.trunc(key) % lanes) + lanes) % lanes;
  if (typeof key === 'boolean') return (key ? 1 : 0) % lanes;
  if (typeof key === 'string') return hashText(key) % lanes;
  return hashValue(key) % lanes;
}
