import type { Readable } from 'node:stream';
import { HL7_V2_MEDIA_TYPE } from '@mapx/api';
import { runIssue } from './run-codes.js';
import type { RecordInput } from './run-input.js';
import { LineSplitter, type LineVisitor } from '../../stream/split-lines.js';

/** A message of a batch, after the headers of its batch: the normaliser gives it their FHS and BHS. */
const HL7_BATCH_MEMBER = `${HL7_V2_MEDIA_TYPE}; batch=message`;
/** MLLP framing bytes: start block (VT), end block (FS). */
const VT = 0x0b;
const FS = 0x1c;
const CR = 0x0d;
const SEGMENT_END = Buffer.from('\r');

interface Pending {
  parts: Buffer[];
  /**
   * The message's latest segments while they lie in one read chunk as they are to be sent, each ended by one CR:
   * `chunk[runStart, runEnd)`, taken whole as the message (or one part of it) rather than segment by segment.
   */
  chunk: Buffer | undefined;
  runStart: number;
  runEnd: number;
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
  let done: RecordInput[] = [];
  const finish = (p: Pending): RecordInput => {
    const position = { file, index: ++index, line: p.line };
    if (p.tooLarge)
      return { position, issue: runIssue('RUN_INPUT_TOO_LARGE', `more than ${maxBytes} bytes`) };
    // a message that lies whole in one read chunk is a view of it: copied once, into the batch sent to a thread
    const bytes =
      p.parts.length === 0 && p.chunk ? p.chunk.subarray(p.runStart, p.runEnd) : Buffer.concat(closeRun(p));
    return { position, contentType: p.member ? HL7_BATCH_MEMBER : HL7_V2_MEDIA_TYPE, bytes };
  };
  // segments are positions in the read chunks (views at most): each message is taken whole once it is complete
  const take: LineVisitor = (line, from, to, number, view) => {
    let [start, end] = [from, to];
    if (line) {
      // MLLP framing bytes at either end (a frame's VT opens its first segment)
      while (start < end && (line[start] === VT || line[start] === FS)) start++;
      while (end > start && (line[end - 1] === FS || line[end - 1] === VT)) end--;
      if (start === end) return;
    }
    const id = line && segmentId(line, start, end);
    if (id !== undefined && id !== 'MSH') {
      if (pending) done.push(finish(pending));
      pending = undefined;
      // the headers are kept as copies: the chunks they lie in are not
      const header = Buffer.from(line!.subarray(start, end));
      if (id === 'FHS') [fhs, bhs] = [header, undefined];
      else if (id === 'BHS') bhs = header;
      else if (id === 'BTS') bhs = undefined;
      else fhs = undefined;
      return;
    }
    if (id === 'MSH' || !pending) {
      if (pending) done.push(finish(pending));
      const envelope = id === 'MSH' ? [fhs, bhs].filter((h): h is Buffer => h !== undefined) : [];
      pending = {
        parts: [],
        chunk: undefined,
        runStart: 0,
        runEnd: 0,
        bytes: 0,
        line: number,
        tooLarge: false,
        member: envelope.length > 0,
      };
      for (const header of envelope) add(pending, header, 0, header.length, false, maxBytes);
    }
    add(pending, line, start, end, view, maxBytes);
  };
  const splitter = new LineSplitter(maxBytes);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes(chunk.length);
    splitter.scan(chunk, take);
    if (done.length > 0) {
      yield done;
      done = [];
    }
  }
  splitter.scanEnd(take);
  if (pending) done.push(finish(pending));
  if (done.length > 0) yield done;
}

/** A segment, `line[start, end)`, appended to the message with its CR. */
function add(
  p: Pending,
  line: Buffer | undefined,
  start: number,
  end: number,
  view: boolean,
  maxBytes: number,
): void {
  if (p.tooLarge) return;
  if (line === undefined || p.bytes + end - start + 1 > maxBytes) {
    p.tooLarge = true;
    p.parts = [];
    p.chunk = undefined;
    return;
  }
  p.bytes += end - start + 1;
  if (view && line[end] === CR) {
    // the chunk holds the segment and its CR as they are to be sent
    if (p.chunk === line && p.runEnd === start) p.runEnd = end + 1;
    else {
      closeRun(p);
      [p.chunk, p.runStart, p.runEnd] = [line, start, end + 1];
    }
    return;
  }
  closeRun(p).push(line.subarray(start, end), SEGMENT_END);
}

/** The message's parts, the run of segments in a chunk among them. */
function closeRun(p: Pending): Buffer[] {
  if (p.chunk) p.parts.push(p.chunk.subarray(p.runStart, p.runEnd));
  p.chunk = undefined;
  return p.parts;
}

/**
 * `MSH` or a batch segment's name (FHS, BHS, BTS, FTS), read from the bytes: every segment is looked at, and most
 * are neither.
 */
function segmentId(
  line: Buffer,
  start: number,
  end: number,
): 'MSH' | 'FHS' | 'BHS' | 'BTS' | 'FTS' | undefined {
  if (end - start < 3) return undefined;
  const [a, b, c] = [line[start], line[start + 1], line[start + 2]];
  if (a === 0x4d) return b === 0x53 && c === 0x48 ? 'MSH' : undefined;
  if (a === 0x46) return b === 0x48 && c === 0x53 ? 'FHS' : b === 0x54 && c === 0x53 ? 'FTS' : undefined;
  if (a === 0x42) return b === 0x48 && c === 0x53 ? 'BHS' : b === 0x54 && c === 0x53 ? 'BTS' : undefined;
  return undefined;
}
