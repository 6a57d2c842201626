import { randomUUID } from 'node:crypto';

/** The fields a Diagnostic entry may carry on the wire (interface spec: no other properties allowed). */
const DIAGNOSTIC_FIELDS = [
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

export interface WireDiagnostic {
  readonly [key: string]: unknown;
}

export interface WireReport {
  ok: boolean;
  status: number;
  result?: unknown;
  diagnostics: { error: WireDiagnostic[]; warning: WireDiagnostic[]; debug: WireDiagnostic[] };
  executionId: string;
  /** Explain mode only (docs/authoring.md). */
  explain?: unknown;
}

export function toWireDiagnostic(entry: Readonly<Record<string, unknown>>): WireDiagnostic {
  const out: Record<string, unknown> = {};
  for (const key of DIAGNOSTIC_FIELDS) {
    const v = entry[key];
    const positional = key === 'line' || key === 'start' || key === 'position';
    if (positional ? typeof v === 'number' : v !== undefined) out[key] = v;
  }
  return out;
}

interface ReportLike {
  ok: boolean;
  status: number;
  result?: unknown;
  diagnostics: { error: readonly object[]; warning: readonly object[]; debug: readonly object[] };
  executionId: string;
}

export function toWireReport(report: ReportLike): WireReport {
  const map = (list: readonly object[]) => list.map((d) => toWireDiagnostic(d as Record<string, unknown>));
  return {
    ok: report.ok,
    status: report.status,
    ...(report.result === undefined ? {} : { result: report.result }),
    diagnostics: {
      error: map(report.diagnostics.error),
      warning: map(report.diagnostics.warning),
      debug: map(report.diagnostics.debug),
    },
    executionId: report.executionId,
  };
}

/** A report for failures before evaluation (no expression, unsupported type, missing mapping, compile error). */
export function syntheticReport(status: number, diagnostic: Readonly<Record<string, unknown>>): WireReport {
  return {
    ok: false,
    status,
    diagnostics: {
      error: [toWireDiagnostic({ timestamp: Date.now(), ...diagnostic })],
      warning: [],
      debug: [],
    },
    executionId: randomUUID(),
  };
}
