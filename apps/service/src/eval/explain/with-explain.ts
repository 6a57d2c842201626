import type { VerboseReport } from '@mapx/engine';
import type { WireReport } from '../wire-report.js';
import type { EvaluationRequest } from '../evaluation-request.js';
import { inputLines, type InputLines } from './input-lines.js';

/** The verbose report with the engine's explain section and, for HL7 v2 and CSV input, the lines read. */
export function withExplain(wire: WireReport, report: VerboseReport, req: EvaluationRequest): WireReport {
  if (!report.explain) return wire;
  const lines = inputLines(req.inputType, req.input, report.explain.inputsRead);
  if (!lines) return { ...wire, explain: report.explain };
  const { elements, rules, empty } = report.explain;
  const explain = {
    ...report.explain,
    elements: elements.map((e) => withLines(e, lines)),
    rules: rules.map((r) => withLines(r, lines)),
    empty: empty.map((r) => withLines(r, lines)),
    inputLines: { read: lines.read, unread: lines.unread },
  };
  return { ...wire, explain };
}

/** An entry with the source lines of the input paths it read (HL7 v2 segments, CSV rows). */
function withLines<T extends { inputs: string[] }>(entry: T, lines: InputLines): T & { lines?: number[] } {
  const found = new Set<number>();
  for (const p of entry.inputs) {
    const line = lines.lineOf(p);
    if (line !== undefined) found.add(line);
  }
  return found.size ? { ...entry, lines: [...found].sort((a, b) => a - b) } : entry;
}
