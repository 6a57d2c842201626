import type { NormalizeWarning } from '@mapx/plugin-api';
import { toWireDiagnostic, type WireDiagnostic } from './wire-report.js';

/** Severity of a warning diagnostic (mapping-language §7.2: 30–39 is `warning`). */
const WARNING_SEVERITY = 30;

/** A normaliser's warnings as report diagnostics, so a verbose answer shows how the input was read. */
export function inputWarningDiagnostics(
  warnings: readonly NormalizeWarning[],
  timestamp: number,
): WireDiagnostic[] {
  return warnings.map((w) =>
    toWireDiagnostic({
      code: w.code,
      message: w.message,
      line: w.line,
      severity: WARNING_SEVERITY,
      level: 'warning',
      timestamp,
    }),
  );
}
