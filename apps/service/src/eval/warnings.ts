import type { NormalizeWarning } from '@mapx/plugin-api';
import { toWireDiagnostic, type WireDiagnostic } from './wire-report.js';

/** Warning headers on one answer: the rest are in the verbose report. */
const MAX_WARNING_HEADERS = 10;
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

/**
 * RFC 9111 `Warning` header values (`199 mapx "<code>: <message>"`) so a non-verbose answer is never silently
 * lossy: the body is the bare result there. Non-ASCII characters are written as `\uXXXX`.
 */
export function warningHeaderValues(diagnostics: readonly WireDiagnostic[]): string[] {
  return diagnostics.slice(0, MAX_WARNING_HEADERS).map((d) => {
    const text = `${String(d.code ?? 'WARNING')}: ${String(d.message ?? '')}`;
    const quoted = JSON.stringify(text).replace(
      /[^\x20-\x7e]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    return `199 mapx ${quoted}`;
  });
}
