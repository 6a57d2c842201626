import { isCodedError, populateMessage } from '../errors/mapx-error.js';
import type { EngineLogger, EvalState } from '../runtime/policy.js';
import { UNSURE } from './values.js';

type LogCall = [level: keyof EngineLogger, obj: object, msg: string | undefined];

/**
 * A run that JSONata may have to do again: `body`'s result, or `UNSURE` when it threw anything but the time limit.
 * The state is then as it was before (diagnostics, their duplicate keys, the UUID sequence), and the log lines the
 * run would have written were held back, so that JSONata's run reports and logs everything once. The time limit
 * ends the evaluation here as it would in JSONata's run.
 */
export function heldRun(state: EvalState, body: () => unknown): unknown {
  const { bag, seen, deterministic } = state;
  const before = [bag.error.length, bag.warning.length, bag.debug.length, seen.size, deterministic?.next];
  const logger = state.logger;
  const held: LogCall[] = [];
  if (logger) state.logger = holding(held);
  try {
    const result = body();
    state.logger = logger;
    replay(held, logger);
    return result;
  } catch (e) {
    state.logger = logger;
    // any other error is left to JSONata's run to raise, so that it carries exactly JSONata's message and position
    if (isCodedError(e) && e.code === 'D1012') {
      populateMessage(e as Record<string, unknown>);
      replay(held, logger);
      throw e;
    }
    bag.error.length = before[0] as number;
    bag.warning.length = before[1] as number;
    bag.debug.length = before[2] as number;
    forgetAfter(seen, before[3] as number);
    if (deterministic) deterministic.next = before[4] as number;
    return UNSURE;
  }
}

function holding(held: LogCall[]): EngineLogger {
  return {
    error: (obj, msg) => void held.push(['error', obj, msg]),
    warn: (obj, msg) => void held.push(['warn', obj, msg]),
    info: (obj, msg) => void held.push(['info', obj, msg]),
    debug: (obj, msg) => void held.push(['debug', obj, msg]),
  };
}

function replay(held: readonly LogCall[], logger: EngineLogger | undefined): void {
  if (!logger) return;
  for (const [level, obj, msg] of held) logger[level](obj, msg);
}

/** Removes the keys added after the first `size` (a Set keeps insertion order). */
function forgetAfter(seen: Set<string>, size: number): void {
  if (seen.size === size) return;
  let i = 0;
  for (const key of [...seen]) if (i++ >= size) seen.delete(key);
}
