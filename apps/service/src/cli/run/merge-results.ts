import type { BatchResult } from '../../isolation/batch-task.js';

/** The results of batches of one input each, in input order, as the result of one batch of all those inputs. */
export function mergeSingles(results: readonly BatchResult[]): BatchResult {
  const failures: Array<BatchResult['failures'][number]> = [];
  const warnings: Array<BatchResult['warnings'][number]> = [];
  const texts = new Map<string, { parts: Uint8Array[]; lines: number }>();
  const items: Array<string | undefined> = [];
  results.forEach((result, index) => {
    for (const f of result.failures) failures.push({ ...f, index });
    for (const w of result.warnings) warnings.push({ ...w, index });
    for (const [type, text, lines] of result.texts) {
      const t = texts.get(type) ?? { parts: [], lines: 0 };
      t.parts.push(text);
      t.lines += lines;
      texts.set(type, t);
    }
    if (result.items) items[index] = result.items[0];
  });
  return {
    failures,
    warnings,
    texts: [...texts].map(([type, t]) => [type, Buffer.concat(t.parts), t.lines] as const),
    ...(results.some((r) => r.items) ? { items } : {}),
  };
}
