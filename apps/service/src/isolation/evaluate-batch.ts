import { evaluateRequest, type Evaluator } from '../eval/evaluate-request.js';
import type { EvaluationOutcome } from '../eval/outcome.js';
import type { MappingView } from '../mappings/mapping-cache.js';
import { MIN_BYTES } from './batch-buffers.js';
import { BatchOutput } from './batch-output.js';
import type { BatchResult, BatchTask } from './batch-task.js';

/**
 * Worker side of a batch: each input is normalised and evaluated on its own, exactly as a single task would be
 * (same request, same limits), one after the other; the results are serialised here in the batch's shape.
 */
export async function evaluateBatch(
  evaluator: Evaluator,
  view: MappingView,
  task: BatchTask,
): Promise<BatchResult> {
  const clock = new Float64Array(task.clock);
  const out = new BatchOutput(task.shape);
  let start = 0;
  for (let index = 0; index < task.ends.length; index++) {
    const end = task.ends[index] as number;
    const contentType = task.contentTypes[task.contentTypes.length === 1 ? 0 : index];
    const bytes = task.bytes.subarray(start, end);
    start = end;
    clock[0] = Date.now();
    try {
      const outcome: EvaluationOutcome = await evaluateRequest(evaluator, view, {
        source: task.source,
        input: null,
        rawInput: { contentType, bytes },
        verbose: false,
        lowerCollect: false,
      });
      out.add(index, outcome);
    } catch (err) {
      out.threw(index, err instanceof Error ? err.message : String(err));
    }
  }
  clock[0] = 0;
  if (!task.exclusive) return out.result();
  // main's buffers: the output goes into them (or into new ones main keeps), and the input's goes back with it
  const result = out.result(task.spares ?? [], MIN_BYTES);
  const input = task.bytes.buffer instanceof ArrayBuffer ? [task.bytes.buffer] : [];
  return { ...result, buffers: [...(result.buffers ?? []), ...input] };
}
