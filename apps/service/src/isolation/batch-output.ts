import { splitResources } from '../cli/run/split-resources.js';
import { runIssue, type RunIssueCode } from '../cli/run/run-codes.js';
import type { EvaluationReply } from '../eval/run-evaluation.js';
import type { BatchFailure, BatchResult, BatchShape } from './batch-task.js';

/** The text of a batch's results, built where they were evaluated: main appends it without parsing. */
export class BatchOutput {
  private readonly failures: BatchFailure[] = [];
  private readonly warnings: Array<{ index: number; values: readonly string[] }> = [];
  private readonly texts = new Map<string, { parts: string[] }>();
  private readonly items: Array<string | undefined> = [];

  constructor(private readonly shape: BatchShape) {}

  add(index: number, reply: EvaluationReply): void {
    if (reply.warnings?.length) this.warnings.push({ index, values: reply.warnings });
    if (reply.status !== 200) {
      this.fail(index, reply.status, field(reply.body, 'code') ?? `HTTP_${reply.status}`, messageOf(reply));
      return;
    }
    if (reply.body === undefined) return;
    if (this.shape === 'split') {
      for (const line of splitResources(reply.body)) this.append(line.type, line.json);
      return;
    }
    const json = JSON.stringify(reply.body) as string | undefined;
    if (json === undefined) {
      this.failRun(index, 'RUN_RESULT_NOT_JSON');
      return;
    }
    if (this.shape === 'items') this.items[index] = json;
    else this.append('results', json);
  }

  fail(index: number, status: number, code: string, message: string): void {
    this.failures.push({ index, status, code, message });
  }

  /** One of `mapx run`'s own codes (no HTTP status: the evaluation itself did not answer with it). */
  failRun(index: number, code: RunIssueCode, detail?: string): void {
    this.failures.push({ index, ...runIssue(code, detail) });
  }

  result(): BatchResult {
    const texts = [...this.texts].map(
      ([type, t]) => [type, `${t.parts.join('\n')}\n`, t.parts.length] as const,
    );
    return {
      failures: this.failures,
      warnings: this.warnings,
      texts,
      ...(this.shape === 'items' ? { items: this.items } : {}),
    };
  }

  private append(type: string, json: string): void {
    let t = this.texts.get(type);
    if (!t) this.texts.set(type, (t = { parts: [] }));
    t.parts.push(json);
  }
}

function messageOf(reply: EvaluationReply): string {
  return field(reply.body, 'message') ?? (JSON.stringify(reply.body) as string | undefined) ?? '';
}

function field(body: unknown, name: string): string | undefined {
  return typeof body === 'object' && body !== null && Object.hasOwn(body, name)
    ? String((body as Record<string, unknown>)[name])
    : undefined;
}
