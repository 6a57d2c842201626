import { jsonata, type JsonataExpression } from '../engine/jsonata-module.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { argumentError } from './function-error.js';
import type { MapxFunction } from './function-types.js';

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
    impl: async (ms?: unknown) => {
      if (typeof ms !== 'number' || !Number.isFinite(ms)) throw argumentError('wait', 1, ms);
      await sleep(Math.max(0, ms));
      return undefined;
    },
  },
  {
    // Unlike $now(), the wall-clock time at the moment of the call.
    name: 'rightNow',
    signature: '<s?s?:(sn)>',
    impl: (picture?: unknown, timezone?: unknown) => {
      const now = Date.now();
      if (picture === undefined) return now;
      if (typeof picture !== 'string') throw argumentError('rightNow', 1, picture);
      if (timezone !== undefined && typeof timezone !== 'string')
        throw argumentError('rightNow', 2, timezone);
      return formatMillis(now, picture, timezone);
    },
  },
];
