/** A Monaco-style range (1-based lines and columns, end exclusive). Kept free of Monaco so it stays testable. */
export interface TextRange {
  readonly startLineNumber: number;
  readonly startColumn: number;
  readonly endLineNumber: number;
  readonly endColumn: number;
}

/** The location fields that diagnostics and the Mapx error payload carry (strings in the legacy payload). */
export interface DiagnosticLocation {
  readonly line?: number | string | undefined;
  readonly start?: number | string | undefined;
  readonly position?: number | string | undefined;
}

function toInt(value: number | string | undefined): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function positionAt(starts: number[], offset: number): { line: number; column: number } {
  let line = 0;
  while (line + 1 < starts.length && (starts[line + 1] ?? Infinity) <= offset) line++;
  return { line: line + 1, column: offset - (starts[line] ?? 0) + 1 };
}

function wholeLine(text: string, starts: number[], line: number): TextRange {
  const from = starts[line - 1] ?? 0;
  const to = (starts[line] ?? text.length + 1) - 1;
  const content = text.slice(from, to).replace(/\r$/, '');
  const indent = content.length - content.trimStart().length;
  return {
    startLineNumber: line,
    startColumn: indent + 1,
    endLineNumber: line,
    endColumn: content.length + 1,
  };
}

/**
 * Where a diagnostic belongs in the expression text. `start` (first character of the offending token) and
 * `position` (just after it) are 0-based offsets into the whole expression; `line` is 1-based. Offsets win
 * when they agree with `line`; otherwise the whole line is marked, so a marker never lands somewhere absurd.
 */
export function diagnosticRange(text: string, location: DiagnosticLocation): TextRange | undefined {
  const starts = lineStarts(text);
  const line = toInt(location.line);
  const end = toInt(location.position);
  const begin = toInt(location.start) ?? (end !== undefined ? Math.max(0, end - 1) : undefined);
  if (begin !== undefined && end !== undefined && begin <= end && end <= text.length) {
    const from = positionAt(starts, begin);
    if (line === undefined || line === from.line) {
      const to = positionAt(starts, Math.max(end, begin + 1));
      return {
        startLineNumber: from.line,
        startColumn: from.column,
        endLineNumber: to.line,
        endColumn: to.column,
      };
    }
  }
  if (line !== undefined && line >= 1 && line <= starts.length) return wholeLine(text, starts, line);
  if (line !== undefined && line > starts.length) return wholeLine(text, starts, starts.length);
  return undefined;
}

export type MarkerLevel = 'error' | 'warning' | 'info';

/** Severity model of mapping-language.md §7.2: below 30 is an error, 30–39 a warning, the rest information. */
export function markerLevel(
  severity: number | undefined,
  bucket: 'error' | 'warning' | 'debug',
): MarkerLevel {
  if (severity === undefined) return bucket === 'debug' ? 'info' : bucket;
  if (severity < 30) return 'error';
  return severity < 40 ? 'warning' : 'info';
}
