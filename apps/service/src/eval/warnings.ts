import type { NormalizeWarning } from '@mapx/plugin-api';
import { toWireDiagnostic, type WireDiagnostic } from './wire-report.js';

/** Severity of input warnings: the engine's warning band (§7.2, 30–39). */
const INPUT_WARNING_SEVERITY = 30;

/** A normaliser's (or the decoding step's) warning as a diagnostic entry of the verbose report. */
export function inputWarningDiagnostic(w: NormalizeWarning, timestamp: number): WireDiagnostic {
  return toWireDiagnostic({
    code: w.code,
    message: w.message,
    ...(w.line !== undefined ? { line: w.line } : {}),
    ...(w.position !== undefined ? { position: w.position } : {}),
    ...(w.value !== undefined ? { value: w.value } : {}),
    severity: INPUT_WARNING_SEVERITY,
    level: 'warning',
    timestamp,
  });
}
