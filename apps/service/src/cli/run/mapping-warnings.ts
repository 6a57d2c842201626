import type { buildApp } from '../../app.js';
import { WARMUP_FHIR } from '../../services.js';
import type { RunIssue } from './run-codes.js';

type App = Awaited<ReturnType<typeof buildApp>>;

export interface MappingWarning extends RunIssue {
  readonly line?: number;
}

/**
 * The mapping's compile-time warnings (static checks, F5351): the same for every input, so the run reports them
 * once, before the first input, rather than once per input in the errors file. A mapping that does not compile
 * has none here: each input then fails with the compile error, as `POST /Mapping/{id}` would answer.
 */
export async function mappingWarnings(app: App, source: string): Promise<MappingWarning[]> {
  // the first evaluation waits for the FHIR context anyway: the static checks need its definitions
  await app.mapx.warmup.need(WARMUP_FHIR).catch(() => undefined);
  try {
    const compiled = await app.mapx.engine.compile(source);
    return compiled.warnings.map((w) => ({
      code: w.code,
      message: String(w['message'] ?? ''),
      ...(typeof w['line'] === 'number' ? { line: w['line'] } : {}),
    }));
  } catch {
    return [];
  }
}

/** The key an input's warning shares with a mapping warning it repeats (the `Warning` header's text). */
export function warningKey(issue: RunIssue): string {
  return `${issue.code}: ${issue.message}`;
}

/** One line of the errors NDJSON for a warning about the mapping itself (no input position). */
export function mappingWarningLine(w: MappingWarning): string {
  return `${JSON.stringify({ level: 'warning', scope: 'mapping', ...(w.line === undefined ? {} : { line: w.line }), code: w.code, message: w.message })}\n`;
}
