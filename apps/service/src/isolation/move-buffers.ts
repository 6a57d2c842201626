import type * as PiscinaModule from 'piscina';
import { requireCommonJs } from '../require-commonjs.js';
import type { BatchTaskResult } from './batch-task.js';

// the copy of piscina whose worker runs this thread: its mark of a movable value is a symbol of that instance
const { move, transferableSymbol, valueSymbol } = requireCommonJs('piscina') as typeof PiscinaModule;

/**
 * A batch's answer with its buffers moved to main rather than copied: the output texts (each in a buffer made or
 * lent for it alone) and the buffers main lent the task. A copy would be more memory outside main's heap, on the
 * one thread all output passes through; and an answer over 100 kB, which V8 pretenures, would put it in main's
 * old generation to wait for a full collection.
 */
export function moveBuffers(result: BatchTaskResult): BatchTaskResult {
  const buffers = new Set<ArrayBuffer>(result.buffers);
  if (!result.stale)
    for (const [, text] of result.texts) if (text.buffer instanceof ArrayBuffer) buffers.add(text.buffer);
  if (buffers.size === 0) return result;
  const movable = { [transferableSymbol]: [...buffers], [valueSymbol]: result };
  return move(movable as unknown as Parameters<typeof move>[0]) as unknown as BatchTaskResult;
}
