/** The members a diagnostic entry may carry on the wire, in their order (service-interface.md: no others). */
export const WIRE_DIAGNOSTIC_FIELDS = [
  'code',
  'position',
  'start',
  'line',
  'instanceOf',
  'fhirElement',
  'bindingStrength',
  'expansionMode',
  'value',
  'message',
  'severity',
  'level',
  'timestamp',
] as const;

/** A diagnostic entry as the interface specification allows it ("Diagnostic entry"); undefined members are left out. */
export interface WireDiagnosticEntry {
  code: string;
  position?: number | undefined;
  start?: number | undefined;
  line?: number | undefined;
  instanceOf?: string | undefined;
  fhirElement?: string | undefined;
  bindingStrength?: string | undefined;
  expansionMode?: string | undefined;
  value?: unknown;
  message?: string | undefined;
  severity?: number | undefined;
  level?: string | undefined;
  timestamp?: number | undefined;
}

const POSITIONAL: ReadonlySet<string> = new Set(['position', 'start', 'line']);

/** An entry reduced to the allowed members, in wire order; a position that is not a number is left out. */
export function toWireDiagnostic(entry: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of WIRE_DIAGNOSTIC_FIELDS) {
    const value = Object.hasOwn(entry, key) ? entry[key] : undefined;
    if (POSITIONAL.has(key) ? typeof value === 'number' : value !== undefined) out[key] = value;
  }
  return out;
}

/** A verbose report that carries one failure (service-interface.md, "Verbose report"). */
export interface ErrorReport {
  ok: false;
  status: number;
  diagnostics: { error: WireDiagnosticEntry[]; warning: WireDiagnosticEntry[]; debug: WireDiagnosticEntry[] };
  executionId: string;
}

/**
 * The one builder of the verbose error body: a report with `ok: false` and the failure as its error entries (one,
 * or all the errors of a compilation), each reduced to the wire members; for a failure before evaluation, or an
 * answer that was not a report.
 */
export function errorReport(
  status: number,
  errors: readonly Readonly<Record<string, unknown>>[],
  executionId: string,
): ErrorReport {
  const error = errors.map((e) => toWireDiagnostic(e) as unknown as WireDiagnosticEntry);
  return { ok: false, status, diagnostics: { error, warning: [], debug: [] }, executionId };
}
