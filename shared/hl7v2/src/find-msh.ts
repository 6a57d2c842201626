import { MAX_HEADER_CHARS } from './delimiters.js';

/**
 * The first MSH segment of ER7 text, without its terminator: an MSH at the very start, after MLLP's start byte
 * (0x0B) or at the start of a line (after batch header segments). The segment ends at CR, LF or MLLP's end byte
 * (0x1C). Only the first `limit` characters are searched. Undefined when there is none.
 */
export function findMshSegment(text: string, limit = MAX_HEADER_CHARS): string | undefined {
  const head = text.length > limit ? text.slice(0, limit) : text;
  const at = mshStart(head);
  if (at < 0) return undefined;
  const end = segmentEnd(head, at);
  return head.slice(at, end < 0 ? undefined : end);
}

/** Offset of the first MSH that starts a segment; -1 when none does. */
function mshStart(head: string): number {
  for (let i = head.indexOf('MSH'); i >= 0; i = head.indexOf('MSH', i + 1)) {
    if (i === 0) return i;
    const before = head.charCodeAt(i - 1);
    if (before === 0x0d || before === 0x0a || before === 0x0b) return i;
  }
  return -1;
}

/** Offset of the end of the segment starting at `from`: CR, LF or 0x1C; -1 when it runs to the end. */
function segmentEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0d || c === 0x0a || c === 0x1c) return i;
  }
  return -1;
}
