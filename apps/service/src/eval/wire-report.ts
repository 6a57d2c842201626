import { toWireDiagnostic } from '@mapx/api/errors';

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
