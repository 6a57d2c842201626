/** One non-blank line with its 1-based line number in the input. */
export interface SegmentLine {
  /** The line without leading whitespace (a segment never starts with any). */
  readonly text: string;
  /** The line exactly as written, for lines that turn out not to be segments. */
  readonly raw: string;
  readonly line: number;
}

const LINE_BREAK = /\r\n|\r|\n/;
// MLLP framing bytes are control characters by definition.
// eslint-disable-next-line no-control-regex
const FRAMING = /[\u000b\u001c]/g;
// Whitespace, NUL padding and the DOS end-of-file mark some exports leave after the last segment.
// eslint-disable-next-line no-control-regex
const BLANK = /^[\s\u0000-\u001f\u007f]*$/;
const LEADING_SPACE = /^[\s\uFEFF]+/;

/**
 * Splits ER7 text into non-blank lines. A leading BOM and MLLP framing (0x0B before, 0x1C 0x0D after a
 * message) are removed; CR, LF and CRLF, in any mixture, are all line breaks.
 */
export function splitSegments(text: string): SegmentLine[] {
  let clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (clean.includes('\u000b') || clean.includes('\u001c')) clean = clean.replace(FRAMING, '');
  const lines = clean.split(LINE_BREAK);
  const segments: SegmentLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const first = raw.charCodeAt(0);
    // the usual line starts with a segment id: no blank test, nothing to trim
    if (first > 32 && first !== 0x7f && first !== 0xfeff) segments.push({ text: raw, raw, line: i + 1 });
    else if (!BLANK.test(raw)) segments.push({ text: raw.replace(LEADING_SPACE, ''), raw, line: i + 1 });
  }
  return segments;
}

/** The batch header segments around a message of a batch (the latest FHS and BHS before its MSH). */
export interface Envelope {
  readonly FHS?: SegmentLine;
  readonly BHS?: SegmentLine;
}

export interface GroupedMessages {
  readonly messages: SegmentLine[][];
  /** One per message, in the same order. */
  readonly envelopes: Envelope[];
  /** An FHS/BHS/BTS/FTS envelope segment was seen. */
  readonly batch: boolean;
  /** Text lines (comments, notes) before the first MSH: not segments, skipped with a warning. */
  readonly skipped: readonly SegmentLine[];
  /** A segment before any MSH (`PID|…` first): a message without its header, refused. */
  readonly headless: SegmentLine | undefined;
}

const SEGMENT_SHAPED = /^[A-Z][A-Z0-9]{2}(?:[^A-Za-z0-9\s]|$)/;

const BATCH_ENVELOPE = new Set(['FHS', 'BHS', 'BTS', 'FTS']);

/**
 * Groups lines into messages, each starting at an MSH. Batch envelope segments are not part of any message; each
 * message keeps the file and batch headers (FHS, BHS) that enclose it, trailers (BTS, FTS) are dropped.
 */
export function groupMessages(segments: readonly SegmentLine[]): GroupedMessages {
  const messages: SegmentLine[][] = [];
  const envelopes: Envelope[] = [];
  const skipped: SegmentLine[] = [];
  let headless: SegmentLine | undefined;
  let batch = false;
  let envelope: Envelope = {};
  for (const segment of segments) {
    const id = segment.text.slice(0, 3);
    const shaped = SEGMENT_SHAPED.test(segment.text);
    if (shaped && BATCH_ENVELOPE.has(id)) {
      batch = true;
      if (id === 'FHS') envelope = { FHS: segment };
      else if (id === 'BHS') envelope = { ...envelope, BHS: segment };
      else if (id === 'BTS') envelope = { ...(envelope.FHS ? { FHS: envelope.FHS } : {}) };
      else envelope = {};
    } else if (shaped && id === 'MSH') {
      messages.push([segment]);
      envelopes.push(envelope);
    } else if (messages.length > 0) messages[messages.length - 1]!.push(segment);
    else if (shaped) headless ??= segment;
    else skipped.push(segment);
  }
  return { messages, envelopes, batch, skipped, headless };
}
