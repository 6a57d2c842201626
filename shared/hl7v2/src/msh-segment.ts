import { MAX_HEADER_CHARS, readDelimiters, type DelimiterReading } from './delimiters.js';

/** MSH-9 Message Type: its components, each trimmed ('' when absent). */
export interface MessageType {
  /** MSH-9.1, e.g. `ADT`. */
  readonly code: string;
  /** MSH-9.2, e.g. `A01`. */
  readonly trigger: string;
  /** MSH-9.3 (2.3.1+), e.g. `ADT_A01`. */
  readonly structure: string;
}

/**
 * What an MSH segment says, read from its ER7 text. Fields are raw text as written (escape sequences not
 * decoded, components not split) unless said otherwise.
 */
export interface MshSegment extends DelimiterReading {
  /** MSH-n as written; '' when the segment has no such field. MSH-1 is the field separator itself. */
  field(n: number): string;
  /** MSH-3 … MSH-6 (all components). */
  readonly sendingApplication: string;
  readonly sendingFacility: string;
  readonly receivingApplication: string;
  readonly receivingFacility: string;
  readonly messageType: MessageType;
  /** MSH-10. */
  readonly controlId: string;
  /** MSH-11. */
  readonly processingId: string;
  /** MSH-12.1 (first component of the first repetition), trimmed, e.g. `2.5.1`; '' when empty. */
  readonly version: string;
  /** MSH-15 and MSH-16 (table 0155), trimmed and upper-case. */
  readonly acceptAckType: string;
  readonly applicationAckType: string;
  /** MSH-18.1 (first repetition), trimmed: the message's character set; undefined when empty. */
  readonly charset: string | undefined;
}

/** MSH-1 … MSH-25 (2.9); later fields are not read. */
const MSH_FIELDS = 25;

/**
 * Reads an MSH segment line (`MSH|^~\&|…`, without its segment terminator). Undefined when the line is not an
 * MSH or its delimiters are unusable (`readDelimiters`). Only the first MAX_HEADER_CHARS characters are read.
 */
export function readMsh(line: string): MshSegment | undefined {
  if (!line.startsWith('MSH')) return undefined;
  const reading = readDelimiters(line);
  if (!reading) return undefined;
  const d = reading.delimiters;
  const text = line.length > MAX_HEADER_CHARS ? line.slice(0, MAX_HEADER_CHARS) : line;
  // fields[0] is "MSH" and MSH-1 is the separator itself, so MSH-n is fields[n - 1]
  const fields = text.split(d.field, MSH_FIELDS);
  const field = (n: number): string => (Number.isInteger(n) && n >= 2 ? (fields[n - 1] ?? '') : '');
  const type = field(9).split(d.component, 3);
  const charset = firstOf(field(18), d.repetition).trim();
  return {
    ...reading,
    field: (n) => (n === 1 ? d.field : field(n)),
    sendingApplication: field(3),
    sendingFacility: field(4),
    receivingApplication: field(5),
    receivingFacility: field(6),
    messageType: {
      code: (type[0] ?? '').trim(),
      trigger: (type[1] ?? '').trim(),
      structure: (type[2] ?? '').trim(),
    },
    controlId: field(10),
    processingId: field(11),
    version: firstPart(field(12), reading).trim(),
    acceptAckType: field(15).trim().toUpperCase(),
    applicationAckType: field(16).trim().toUpperCase(),
    charset: charset === '' ? undefined : charset,
  };
}

/** The text before the first `separator`; all of it when the separator is '' (not declared). */
function firstOf(value: string, separator: string): string {
  if (separator === '') return value;
  const at = value.indexOf(separator);
  return at < 0 ? value : value.slice(0, at);
}

/** The text before the first component, subcomponent or repetition separator. */
function firstPart(value: string, { delimiters: d }: DelimiterReading): string {
  return firstOf(firstOf(firstOf(value, d.component), d.subcomponent), d.repetition);
}
