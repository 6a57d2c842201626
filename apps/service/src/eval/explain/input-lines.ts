import { HL7_V2_MEDIA_TYPES } from '@mapx/api';
/** Most segments or rows listed (input size is bounded before this, not by it). */
const MAX_LINES = 100_000;

export interface InputLines {
  read: number[];
  unread: number[];
  /** The line of each segment or row path (`PID`, `OBX[2]`, `$[3]`): where an input path starts. */
  lineOf(path: string): number | undefined;
}

/**
 * The source lines of an HL7 v2 or CSV input that the evaluation read and never read, so the designer can dim
 * unused segments and rows. A segment or row is read when one of its fields was (iterating over the segments
 * of an id is not reading them). HL7 v2: every segment object carries its `MessageLine`; CSV: row i of the
 * normalised array is line i + 2, after the header (a quoted cell holding line breaks shifts the rows after it).
 */
export function inputLines(
  inputType: string | undefined,
  input: unknown,
  inputsRead: readonly string[],
): InputLines | undefined {
  const essence = (inputType ?? '').split(';')[0]!.trim().toLowerCase();
  const parents = fieldParents(inputsRead);
  if ((HL7_V2_MEDIA_TYPES as readonly string[]).includes(essence)) return hl7Lines(input, parents);
  if (essence === 'text/csv' && Array.isArray(input)) return csvLines(input, parents);
  return undefined;
}

/** Every path a field was read under: `PID` and `PID.PatientName[0]` for `PID.PatientName[0].FamilyName`. */
function fieldParents(paths: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const p of paths) for (let i = 0; i < p.length; i++) if (p[i] === '.') out.add(p.slice(0, i));
  return out;
}

function csvLines(rows: readonly unknown[], parents: Set<string>): InputLines {
  const lineOf = (path: string) => {
    const m = /^\$\[(\d+)\]/.exec(path);
    return m && Number(m[1]) < rows.length ? Number(m[1]) + 2 : undefined;
  };
  const out: InputLines = { read: [], unread: [], lineOf };
  for (let i = 0; i < rows.length && i < MAX_LINES; i++)
    (parents.has(`$[${i}]`) ? out.read : out.unread).push(i + 2);
  return out;
}

/** Segments sit at `SEG` or `SEG[i]` of a message, or of `$[m]` (a batch of messages). */
function hl7Lines(input: unknown, parents: Set<string>): InputLines | undefined {
  const bySegment = new Map<string, number>();
  const lineOf = (path: string) => {
    // the segment is the path up to its first field: `PID`, `OBX[2]`, `$[0].PID`
    const m = /^(\$\[\d+\]\.)?[^.[]+(\[\d+\])?/.exec(path);
    return m ? bySegment.get(m[0]) : undefined;
  };
  const out: InputLines = { read: [], unread: [], lineOf };
  const segment = (s: unknown, path: string): void => {
    const line =
      s !== null && typeof s === 'object' ? (s as Record<string, unknown>)['MessageLine'] : undefined;
    if (typeof line !== 'number' || out.read.length + out.unread.length >= MAX_LINES) return;
    bySegment.set(path, line);
    (parents.has(path) ? out.read : out.unread).push(line);
  };
  const message = (obj: unknown, base: string): void => {
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return;
    for (const id of Object.keys(obj)) {
      const v = (obj as Record<string, unknown>)[id];
      const path = base ? `${base}.${id}` : id;
      if (Array.isArray(v)) v.forEach((s, i) => segment(s, `${path}[${i}]`));
      else segment(v, path);
    }
  };
  if (Array.isArray(input)) input.forEach((m, i) => message(m, `$[${i}]`));
  else message(input, '');
  if (!out.read.length && !out.unread.length) return undefined;
  out.read.sort((a, b) => a - b);
  out.unread.sort((a, b) => a - b);
  return out;
}
