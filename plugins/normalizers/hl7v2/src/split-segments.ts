/** One segment line with its 1-based line number in the input. */
export interface SegmentLine {
  readonly text: string;
  readonly line: number;
}

const LINE_BREAK = /\r\n|\r|\n/;
// MLLP framing bytes are control characters by definition.
// eslint-disable-next-line no-control-regex
const FRAMING = /[\u000b\u001c]/g;

/**
 * Splits ER7 text into non-blank segment lines. MLLP framing (0x0B before, 0x1C 0x0D after a message) is
 * removed; CR, LF and CRLF are all line breaks.
 */
export function splitSegments(text: string): SegmentLine[] {
  const clean = text.includes('\u000b') || text.includes('\u001c') ? text.replace(FRAMING, '') : text;
  const lines = clean.split(LINE_BREAK);
  const segments: SegmentLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() !== '') segments.push({ text: line, line: i + 1 });
  }
  return segments;
}

const BATCH_ENVELOPE = new Set(['FHS', 'BHS', 'BTS', 'FTS']);

/**
 * Groups segment lines into messages, each starting at an MSH; batch envelope segments are dropped. Returns
 * undefined when something other than an envelope segment comes before the first MSH.
 */
export function groupMessages(
  segments: readonly SegmentLine[],
): { messages: SegmentLine[][]; batch: boolean } | undefined {
  const messages: SegmentLine[][] = [];
  let batch = false;
  for (const segment of segments) {
    const id = segment.text.slice(0, 3);
    if (BATCH_ENVELOPE.has(id)) batch = true;
    else if (id === 'MSH') messages.push([segment]);
    else if (messages.length === 0) return undefined;
    else messages[messages.length - 1]!.push(segment);
  }
  return { messages, batch };
}
