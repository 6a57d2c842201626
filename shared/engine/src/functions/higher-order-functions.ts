import type { FunctionCallContext, MapxFunction } from './function-types.js';
import { invokeFunction } from './invoke-function.js';
import { asArray, callbackArgs, toBoolean, toSequence } from './jsonata-values.js';
import { runInLanes } from './lanes.js';
import { memoizeFunction } from './memoize.js';
import { safeFunction } from './safe.js';

type Ctx = FunctionCallContext;

async function callback(ctx: Ctx, fn: unknown, items: unknown[], i: number): Promise<unknown> {
  return invokeFunction(ctx, fn, callbackArgs(fn, items[i], i, items));
}

export const higherOrderFunctions: readonly MapxFunction[] = [
  {
    name: 'first',
    signature: '<af>',
    async impl(this: Ctx, arr: unknown, pred: unknown) {
      const items = asArray(arr);
      for (let i = 0; i < items.length; i++)
        if (toBoolean(await callback(this, pred, items, i))) return items[i];
      return undefined;
    },
  },
  {
    name: 'all',
    signature: '<af>',
    async impl(this: Ctx, arr: unknown, pred: unknown) {
      const items = asArray(arr);
      for (let i = 0; i < items.length; i++)
        if (!toBoolean(await callback(this, pred, items, i))) return false;
      return true;
    },
  },
  {
    name: 'any',
    signature: '<af>',
    async impl(this: Ctx, arr: unknown, pred: unknown) {
      const items = asArray(arr);
      for (let i = 0; i < items.length; i++) if (toBoolean(await callback(this, pred, items, i))) return true;
      return false;
    },
  },
  {
    name: 'pMap',
    signature: '<af>',
    async impl(this: Ctx, arr: unknown, fn: unknown) {
      const items = asArray(arr);
      const results = await Promise.all(items.map((_, i) => callback(this, fn, items, i)));
      return toSequence(results.filter((r) => r !== undefined));
    },
  },
  {
    name: 'pLimit',
    signature: '<anff?>',
    async impl(this: Ctx, arr: unknown, limit: number, fn: unknown, keyFn?: unknown) {
      const items = asArray(arr);
      const results = await runInLanes(this, items, limit, fn, keyFn);
      return toSequence(results.filter((r) => r !== undefined));
    },
  },
  {
    name: 'safe',
    signature: '<f-:f>',
    impl(this: Ctx, fn: unknown) {
      return fn === undefined ? undefined : safeFunction(this, fn);
    },
  },
  {
    name: 'memoize',
    signature: '<f-:f>',
    impl(this: Ctx, fn: unknown) {
      return fn === undefined ? undefined : memoizeFunction(this, fn);
    },
  },
];
