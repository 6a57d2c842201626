import type { VerboseReport } from '@mapx/engine';
import type { WireReport } from '../wire-report.js';
import type { EvaluationRequest } from '../run-evaluation.js';
import { inputLines } from './input-lines.js';

/** The verbose report with the engine's explain section and, for HL7 v2 and CSV input, the lines read. */
export function withExplain(wire: WireReport, report: VerboseReport, req: EvaluationRequest): WireReport {
  if (!report.explain) return wire;
  const lines = inputLines(req.inputType, req.input, report.explain.inputsRead);
  return { ...wire, explain: { ...report.explain, ...(lines ? { inputLines: lines } : {}) } };
}
