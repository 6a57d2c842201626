import type { MapxServices } from '../../services.js';
import type { BatchResult, BatchShape } from '../../isolation/batch-task.js';
import { warningIssue } from './warning-issue.js';
import { createMapper, type Outcome } from './map-input.js';
import { runIssue, type RunIssue } from './run-codes.js';
import type { RunInput } from './run-input.js';
import type { RunTarget } from './run-target.js';

type Issue = RunIssue & { readonly status?: number };

/** A batch's outcome: what failed or warned, by input, and the output text (already serialised by the worker). */
export interface BatchOutcome {
  readonly inputs: readonly RunInput[];
  readonly issues: ReadonlyMap<number, Issue>;
  readonly warnings: ReadonlyMap<number, readonly RunIssue[]>;
  readonly texts: BatchResult['texts'];
  /** Set when the batch did not finish and its inputs were mapped one by one (`texts` is then empty). */
  readonly singles?: readonly Outcome[];
}

/**
 * Maps a batch of inputs in one worker task; where the batch cannot finish (an input overran a limit, a worker
 * died), maps its inputs one by one so that only the culprit fails. Never rejects.
 */
export function createBatchMapper(services: MapxServices, source: string, target: RunTarget) {
  const single = createMapper(services, source, target);
  const pool = services.evalPool;
  return async (inputs: RunInput[]): Promise<BatchOutcome> => {
    const records: number[] = [];
    for (let i = 0; i < inputs.length; i++) if ('bytes' in (inputs[i] as RunInput)) records.push(i);
    const result =
      pool && records.length > 0
        ? await pool.runBatch(
            batchRequest(source, inputs, records, target.shape),
            services.mappings.current(),
          )
        : undefined;
    if (!result && records.length > 0)
      return {
        inputs,
        issues: new Map(),
        warnings: new Map(),
        texts: [],
        singles: await Promise.all(inputs.map(single)),
      };
    const issues = new Map<number, Issue>();
    const warnings = new Map<number, RunIssue[]>();
    for (let i = 0; i < inputs.length; i++) {
      const input = inputs[i] as RunInput;
      if ('issue' in input) issues.set(i, input.issue);
    }
    for (const f of result?.failures ?? [])
      issues.set(records[f.index] as number, {
        code: f.code,
        message: f.message,
        ...(f.status === undefined ? {} : { status: f.status }),
      });
    for (const w of result?.warnings ?? [])
      warnings.set(records[w.index] as number, w.values.map(warningIssue));
    if (result?.items && target.deliver) await deliverItems(target, result.items, records, issues);
    return { inputs, issues, warnings, texts: result?.texts ?? [] };
  };
}

function batchRequest(
  source: string,
  inputs: readonly RunInput[],
  records: readonly number[],
  shape: BatchShape,
) {
  const parts: Uint8Array[] = [];
  const ends: number[] = [];
  const types: string[] = [];
  let end = 0;
  for (const i of records) {
    const input = inputs[i] as Extract<RunInput, { bytes: Uint8Array }>;
    parts.push(input.bytes);
    ends.push((end += input.bytes.length));
    types.push(input.contentType);
  }
  const contentTypes = types.every((t) => t === types[0]) ? [types[0] as string] : types;
  return { source, bytes: Buffer.concat(parts, end), ends, contentTypes, shape };
}

/** A server target: each converted input's result is sent (concurrently, bounded by the target). */
async function deliverItems(
  target: RunTarget,
  items: ReadonlyArray<string | undefined>,
  records: readonly number[],
  issues: Map<number, Issue>,
): Promise<void> {
  const deliver = target.deliver as (json: string) => Promise<void>;
  await Promise.all(
    items.map(async (json, index) => {
      if (json === undefined) return;
      try {
        await deliver(json);
      } catch (err) {
        issues.set(records[index] as number, runIssue('RUN_POST_FAILED', (err as Error).message));
      }
    }),
  );
}
