/** The delimiters recognised in a header line, in the order that breaks ties. */
export const DETECTABLE = [',', ';', '\t', '|'] as const;
/** Only the start of the input is read to find the header line: bounded work on any input. */
const HEADER_SCAN_LIMIT = 64 * 1024;

/**
 * The delimiter of a CSV file, read from its header line (the first non-blank line, outside quotes): the
 * candidate that occurs most often; ties go to the earlier candidate, none at all to the comma.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  let seen = false;
  const end = Math.min(text.length, HEADER_SCAN_LIMIT);
  for (let i = 0; i < end; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '\n' || ch === '\r') {
      if (seen) break;
    } else if (ch !== ' ' && ch !== '\ufeff') {
      seen = true;
      if ((DETECTABLE as readonly string[]).includes(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
  }
  let best: string = ',';
  let bestCount = 0;
  for (const candidate of DETECTABLE) {
    const n = counts.get(candidate) ?? 0;
    if (n > bestCount) [best, bestCount] = [candidate, n];
  }
  return best;
}
