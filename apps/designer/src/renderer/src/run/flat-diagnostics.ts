import type { DiagnosticEntry, VerboseReport } from '@mapx/api';

export type DiagnosticBucket = 'error' | 'warning' | 'debug';

export interface FlatDiagnostic {
  readonly bucket: DiagnosticBucket;
  readonly entry: DiagnosticEntry;
}

/** The report's three buckets as one list, most severe first. */
export function flattenDiagnostics(report: VerboseReport): FlatDiagnostic[] {
  const buckets: DiagnosticBucket[] = ['error', 'warning', 'debug'];
  return buckets.flatMap((bucket) => report.diagnostics[bucket].map((entry) => ({ bucket, entry })));
}
