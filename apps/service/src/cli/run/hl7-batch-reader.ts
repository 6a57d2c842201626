import type { Readable } from 'node:stream';
import { HL7_V2_MEDIA_TYPE } from '@mapx/api';
import { runIssue } from './run-codes.js';
import type { RecordInput } from './run-input.js';
import { lineBatches, type Line } from '../../stream/split-lines.js';

/** A message of a batch, after the headers of its batch: the normaliser gives it their FHS and BHS. */
const HL7_BATCH_MEMBER = `${HL7_V2_MEDIA_TYPE}; batch=message`;
/** MLLP framing bytes: start block (VT), end block (FS). */
const VT = 0x0b;
const FS = 0x1c;
const SEGMENT_END = Buffer.from('\r');

interface Pending {
  parts: Buffer[];
  bytes: number;
  line: number;
  tooLarge: boolean;
  member: boolean;
}

/**
 * The messages of an HL7 v2 stream, one record each, in groups (the messages each read chunk completes): a single
 * message, a batch file (FHS/BHS … BTS/FTS: each message after the FHS and BHS that enclose it, read by the
 * normaliser as `batch=message`, so a mapping sees the same `FHS`/`BHS` keys as for a batch posted whole; trailers
 * dropped) or an MLLP-framed dump (VT … FS CR around each message). A message starts at each MSH segment; lines
 * before the first one form a record of their own, which the normaliser refuses with its code.
 */
export async function* readHl7Messages(
  stream: Readable,
  file: string,
  maxBytes: number,
  onBytes: (n: number) => void,
): AsyncGenerator<RecordInput[]> {
  let pending: Pending | undefined;
  let index = 0;
  let fhs: Buffer | undefined;
  let bhs: Buffer | undefined;
  const finish = (p: Pending): RecordInput => {
    const position = { file, index: ++index, line: p.line };
    if (p.tooLarge)
      return { position, issue: runIssue('RUN_INPUT_TOO_LARGE', `more than ${maxBytes} bytes`) };
    return {
      position,
      contentType: p.member ? HL7_BATCH_MEMBER : HL7_V2_MEDIA_TYPE,
      bytes: Buffer.concat(p.parts),
    };
  };
  const take = (line: Line, done: RecordInput[]): void => {
    const bytes = line.bytes && unframe(line.bytes);
    if (bytes?.length === 0) return;
    const id = bytes && segmentId(bytes);
    if (id !== undefined && id !== 'MSH') {
      if (pending) done.push(finish(pending));
      pending = undefined;
      // lines are views of the read chunks: the headers are kept as copies
      if (id === 'FHS') [fhs, bhs] = [Buffer.from(bytes!), undefined];
      else if (id === 'BHS') bhs = Buffer.from(bytes!);
      else if (id === 'BTS') bhs = undefined;
      else fhs = undefined;
      return;
    }
    if (id === 'MSH' || !pending) {
      if (pending) done.push(finish(pending));
      const envelope = id === 'MSH' ? [fhs, bhs].filter((h): h is Buffer => h !== undefined) : [];
      pending = { parts: [], bytes: 0, line: line.number, tooLarge: false, member: envelope.length > 0 };
      for (const header of envelope) add(pending, header, maxBytes);
    }
    add(pending, bytes, maxBytes);
  };
  // segments are views of the read chunks: each message is copied whole once it is complete; a chunk's segments
  // are taken synchronously, and the messages they complete go on together
  for await (const lines of lineBatches(stream, maxBytes, onBytes, { copy: false })) {
    const done: RecordInput[] = [];
    for (const line of lines) take(line, done);
    if (done.length > 0) yield done;
  }
  if (pending) yield [finish(pending)];
}

function add(p: Pending, bytes: Buffer | undefined, maxBytes: number): void {
  if (p.tooLarge) return;
  if (bytes === undefined || p.bytes + bytes.length + 1 > maxBytes) {
    p.tooLarge = true;
    p.parts = [];
    return;
  }
  p.parts.push(bytes, SEGMENT_END);
  p.bytes += bytes.length + 1;
}

/**
 * `MSH` or a batch segment's name (FHS, BHS, BTS, FTS), read from the bytes: every segment is looked at, and most
 * are neither.
 */
function segmentId(line: Buffer): 'MSH' | 'FHS' | 'BHS' | 'BTS' | 'FTS' | undefined {
  if (line.length < 3) return undefined;
  const [a, b, c] = [line[0], line[1], line[2]];
  if (a === 0x4d) return b === 0x53 && c === 0x48 ? 'MSH' : undefined;
  if (a === 0x46) return b === 0x48 && c === 0x53 ? 'FHS' : b === 0x54 && c === 0x53 ? 'FTS' : undefined;
  if (a === 0x42) return b === 0x48 && c === 0x53 ? 'BHS' : b === 0x54 && c === 0x53 ? 'BTS' : undefined;
  return undefined;
}

/** The line without MLLP framing bytes at either end (a frame's VT opens its first segment). */
function unframe(line: Buffer): Buffer {
  let start = 0;
  let end = line.length;
  while (start < end && (line[start] === VT || line[start] === FS)) start++;
  while (end > start && (line[end - 1] === FS || line[end - 1] === VT)) end--;
  return start === 0 && end === line.length ? line : line.subarray(start, end);
}
