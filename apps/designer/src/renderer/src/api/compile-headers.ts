import { diagnosticEntrySchema, type DiagnosticEntry } from '@mapx/api';

/** What the service's compiler said about a mapping it just stored (PUT /Mapping/{id} response headers). */
export interface CompileReport {
  /** `ok`, `failed` or `unchecked` (FHIR definitions not loaded yet); undefined when the header is absent. */
  readonly outcome: string | undefined;
  readonly diagnostics: readonly DiagnosticEntry[];
}

const diagnosticListSchema = diagnosticEntrySchema.array();

/** Reads `x-mapx-compile` and `x-mapx-diagnostics`; a header it cannot read counts as no diagnostics. */
export function compileReport(headers: Headers): CompileReport {
  const outcome = headers.get('x-mapx-compile') ?? undefined;
  const raw = headers.get('x-mapx-diagnostics');
  if (!raw) return { outcome, diagnostics: [] };
  try {
    const parsed = diagnosticListSchema.safeParse(JSON.parse(raw));
    return { outcome, diagnostics: parsed.success ? parsed.data : [] };
  } catch {
    return { outcome, diagnostics: [] };
  }
}

/** One line per diagnostic for a notice: `F5353 (line 3): message`. */
export function describeDiagnostics(diagnostics: readonly DiagnosticEntry[], max = 3): string {
  const lines = diagnostics
    .slice(0, max)
    .map((d) => `${d.code}${d.line === undefined ? '' : ` (line ${d.line})`}: ${d.message ?? ''}`.trim());
  const more = diagnostics.length > max ? ` … and ${diagnostics.length - max} more` : '';
  return lines.join('; ') + more;
}
