import { jsonata, type JsonataExpression } from '../runtime/jsonata-module.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { argumentError } from './function-error.js';
import { createError } from '../errors/mapx-error.js';
import { stateOf } from '../runtime/policy.js';
import type { FunctionCallContext, MapxFunction } from './function-types.js';
import { fixedNow } from '../runtime/deterministic.js';

/** Picture aliases of `$now`/`$fromMillis` (§6.1), accepted by `$rightNow` too. */
export const PICTURE_ALIASES: Readonly<Record<string, string>> = {
  date: '[Y0001]-[M01]-[D01]',
  dateTime: '[Y0001]-[M01]-[D01]T[H01]:[m01]:[s01][Z01:01t]',
  instant: '[Y0001]-[M01]-[D01]T[H01]:[m01]:[s01].[f001][Z01:01t]',
  time: '[H01]:[m01]:[s01].[f001]',
};

let formatter: JsonataExpression | undefined;

async function formatMillis(ms: number, picture: string, timezone: string | undefined): Promise<unknown> {
  formatter ??= jsonata('$fromMillis($ms, $picture, $tz)');
  return formatter.evaluate(undefined, { ms, picture: PICTURE_ALIASES[picture] ?? picture, tz: timezone });
}

export const timeFunctions: readonly MapxFunction[] = [
  {
    // §0 fix: a real signature, so a non-number is JSONata's own T0410
    name: 'wait',
    signature: '<n:u>',
    async impl(ms?: unknown) {
      if (typeof ms !== 'number' || !Number.isFinite(ms)) throw argumentError('wait', 1, ms);
      // a wait is idle time the node-by-node time check never sees: it ends where the evaluation must end
      const state = stateOf(this.environment);
      const left = state?.deadline === undefined ? Infinity : state.deadline - Date.now();
      await sleep(Math.max(0, Math.min(ms, left)));
      if (ms > left) throw createError('D1012', { value: state?.timeoutMs, token: 'wait' });
      return undefined;
    },
  },
  {
    // Unlike $now(), the wall-clock time at the moment of the call.
    name: 'rightNow',
    signature: '<s?s?:(sn)>',
    impl(this: FunctionCallContext, picture?: unknown, timezone?: unknown) {
      const now = fixedNow(this.environment) ?? Date.now();
      if (picture === undefined) return now;
      if (typeof picture !== 'string') throw argumentError('rightNow', 1, picture);
      if (timezone !== undefined && typeof timezone !== 'string')
        throw argumentError('rightNow', 2, timezone);
      return formatMillis(now, picture, timezone);
    },
  },
];
