import { splitResources } from '../results/split-resources.js';
import type { EvaluationOutcome } from '../eval/outcome.js';
import type { BatchFailure, BatchResult, BatchShape } from './batch-task.js';
import { takeFitting } from './batch-buffers.js';

const UTF8 = new TextEncoder();

/** The text of a batch's results, built where they were evaluated: main appends it without parsing or encoding. */
export class BatchOutput {
  private readonly failures: BatchFailure[] = [];
  private readonly warnings: BatchResult['warnings'][number][] = [];
  private readonly texts = new Map<string, { parts: string[] }>();
  private readonly items: Array<string | undefined> = [];

  constructor(private readonly shape: BatchShape) {}

  add(index: number, outcome: EvaluationOutcome): void {
    if (outcome.warnings.length) this.warnings.push({ index, values: outcome.warnings });
    if (!outcome.ok) {
      this.failures.push({ index, failure: outcome });
      return;
    }
    if (outcome.result === undefined) return;
    // evaluated on this thread: the result is a value, never text
    const value = 'value' in outcome.result ? outcome.result.value : undefined;
    if (this.shape === 'split') {
      for (const line of splitResources(value)) this.append(line.type, line.json);
      return;
    }
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined) {
      this.failures.push({ index, notJson: true });
      return;
    }
    if (this.shape === 'items') this.items[index] = json;
    else this.append('results', json);
  }

  /** The evaluation threw (a bug, or a result JSON cannot serialise). */
  threw(index: number, message: string): void {
    this.failures.push({ index, threw: message });
  }

  /**
   * The batch's answer. Each text is encoded into the smallest of `spares` it fits (main's buffers, reused), or
   * into a new buffer of at least `minBytes` that main can reuse in turn; the spares left over are handed back.
   */
  result(spares: readonly ArrayBuffer[] = [], minBytes = 0): BatchResult {
    const free = [...spares];
    const texts = [...this.texts].map(([type, t]) => {
      const text = `${t.parts.join('\n')}\n`;
      if (!free.length && !minBytes) return [type, UTF8.encode(text), t.parts.length] as const;
      const needed = Buffer.byteLength(text);
      const buffer = takeFitting(free, needed) ?? new ArrayBuffer(Math.max(minBytes, needed));
      const { written } = UTF8.encodeInto(text, new Uint8Array(buffer));
      return [type, new Uint8Array(buffer, 0, written), t.parts.length] as const;
    });
    return {
      failures: this.failures,
      warnings: this.warnings,
      texts,
      ...(this.shape === 'items' ? { items: this.items } : {}),
      ...(spares.length ? { buffers: free } : {}),
    };
  }

  private append(type: string, json: string): void {
    let t = this.texts.get(type);
    if (!t) this.texts.set(type, (t = { parts: [] }));
    t.parts.push(json);
  }
}
