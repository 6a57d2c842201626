/** A compile error as a fatal diagnostic entry. */
export function compileDiagnostic(err: unknown): Record<string, unknown> {
  const e = (err ?? {}) as Record<string, unknown>;
  return {
    code: typeof e.code === 'string' ? e.code : 'COMPILE_FAILED',
    message: typeof e.message === 'string' ? e.message : 'The expression could not be compiled',
    position: e.position,
    start: e.start,
    line: e.line,
    ...(e.value !== undefined ? { value: e.value } : {}),
    severity: 0,
    level: 'fatal',
  };
}
