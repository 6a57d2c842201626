import { timestamp } from './ack.js';

/** HL7 v2 batch protocol (FHS/BHS … BTS/FTS): one frame holding many messages, answered by one batch of ACKs. */

/** A message of a batch: its own bytes, and the same bytes after the FHS/BHS lines that enclose it. */
export interface BatchMember {
  /** The message alone (MSH … its last segment), each segment ending with CR. */
  readonly message: Buffer;
  /** The FHS and BHS lines of its batch, then the message: what the HL7 v2 normaliser reads as `batch=message`. */
  readonly withEnvelope: Buffer;
}

export interface Batch {
  /** The first FHS line, or else the first BHS line: its delimiters and fields answer the batch. */
  readonly header: string;
  /** FHS-11 (file control id) and BHS-11 (batch control id) of the first header lines, '' when absent. */
  readonly fileControlId: string;
  readonly batchControlId: string;
  readonly hasFileHeader: boolean;
  readonly members: readonly BatchMember[];
}

const ENVELOPE = new Set(['FHS', 'BHS', 'BTS', 'FTS']);
const LEADING = /^[\s\uFEFF\u00EF\u00BB\u00BF]+/;

/** True when the frame starts with FHS or BHS (after blank bytes or a BOM), the start of a batch. */
export function isBatch(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 64).toString('latin1').replace(LEADING, '');
  return /^(FHS|BHS)[^A-Za-z0-9\s]/.test(head);
}

/** Splits a batch into its messages (segments end at CR, LF or CRLF). Latin1 in and out: bytes kept as sent. */
export function splitBatch(bytes: Buffer): Batch {
  const lines = bytes
    .toString('latin1')
    .replace(LEADING, '')
    .split(/\r\n|\r|\n/)
    .filter((l) => l.trim() !== '');
  let fhs: string | undefined;
  let bhs: string | undefined;
  let firstFhs: string | undefined;
  let firstBhs: string | undefined;
  const members: { envelope: string[]; lines: string[] }[] = [];
  let current: { envelope: string[]; lines: string[] } | undefined;
  for (const line of lines) {
    const id = line.slice(0, 3);
    if (ENVELOPE.has(id)) {
      current = undefined;
      if (id === 'FHS') {
        fhs = line;
        bhs = undefined;
        firstFhs ??= line;
      } else if (id === 'BHS') {
        bhs = line;
        firstBhs ??= line;
      } else if (id === 'BTS') bhs = undefined;
      else fhs = undefined;
      continue;
    }
    if (id === 'MSH' || !current) {
      current = { envelope: [fhs, bhs].filter((l): l is string => l !== undefined), lines: [] };
      members.push(current);
    }
    current.lines.push(line);
  }
  const header = firstFhs ?? firstBhs ?? '';
  return {
    header,
    fileControlId: firstFhs ? fieldOf(firstFhs, 11) : '',
    batchControlId: firstBhs ? fieldOf(firstBhs, 11) : '',
    hasFileHeader: firstFhs !== undefined,
    members: members.map((m) => ({
      message: Buffer.from(`${m.lines.join('\r')}\r`, 'latin1'),
      withEnvelope: Buffer.from(`${[...m.envelope, ...m.lines].join('\r')}\r`, 'latin1'),
    })),
  };
}

/** Field n of a header segment (FHS/BHS/MSH: field 1 is the separator itself). */
function fieldOf(line: string, n: number): string {
  const sep = line[3];
  if (sep === undefined) return '';
  return line.split(sep)[n - 1] ?? '';
}

/**
 * The answer to a batch: a batch of the same shape (FHS when the batch had one, BHS) holding one ACK per message
 * in the order received, BTS-1 their count, FTS-1 one batch. Sender and receiver are swapped; FHS-11/BHS-11 are
 * new ids, FHS-12/BHS-12 the received FHS-11/BHS-11 (reference control ids).
 */
export function buildBatchAck(batch: Batch, acks: readonly string[], now: Date, controlId: string): string {
  const sep = batch.header[3] && !/[A-Za-z0-9\s]/.test(batch.header[3]) ? batch.header[3] : '|';
  const encoding = fieldOf(batch.header, 2) || '^~\\&';
  const field = (n: number) => fieldOf(batch.header, n);
  const header = (id: 'FHS' | 'BHS', reference: string) =>
    [
      `${id}${sep}${encoding}`,
      field(5),
      field(6),
      field(3),
      field(4),
      timestamp(now),
      '',
      '',
      '',
      controlId,
      reference,
    ].join(sep);
  const segments: string[] = [];
  if (batch.hasFileHeader) segments.push(header('FHS', batch.fileControlId));
  segments.push(header('BHS', batch.batchControlId));
  const body = acks.map((a) => a.replace(/\r$/, '')).join('\r');
  if (body) segments.push(body);
  segments.push(`BTS${sep}${acks.length}`);
  if (batch.hasFileHeader) segments.push(`FTS${sep}1`);
  return `${segments.join('\r')}\r`;
}
