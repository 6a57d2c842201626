import { MAX_HEADER_CHARS, readDelimiters, type DelimiterReading, type Hl7Delimiters } from './delimiters.js';

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
  const text = line.length > MAX_HEADER_CHARS ? line.slice(0, MAX_HEADER_CHARS) : line;
  return new ReadMsh(reading, splitFields(text, reading.delimiters.field));
}

/**
 * The fields are split once; each named field is read when asked for (the normaliser asks for two of them on
 * every message). One class, so every reading has the same shape.
 */
class ReadMsh implements MshSegment {
  readonly delimiters: Hl7Delimiters;
  readonly encodingCharacters: string;
  readonly doubledEscape: boolean;
  readonly #fields: readonly string[];

  constructor(reading: DelimiterReading, fields: readonly string[]) {
    this.delimiters = reading.delimiters;
    this.encodingCharacters = reading.encodingCharacters;
    this.doubledEscape = reading.doubledEscape;
    this.#fields = fields;
  }

  field(n: number): string {
    if (n === 1) return this.delimiters.field;
    // fields[0] is "MSH" and MSH-1 is the separator itself, so MSH-n is fields[n - 1]
    return Number.isInteger(n) && n >= 2 ? (this.#fields[n - 1] ?? '') : '';
  }

  get sendingApplication(): string {
    return this.field(3);
  }
  get sendingFacility(): string {
    return this.field(4);
  }
  get receivingApplication(): string {
    return this.field(5);
  }
  get receivingFacility(): string {
    return this.field(6);
  }
  get messageType(): MessageType {
    const [code = '', trigger = '', structure = ''] = this.field(9).split(this.delimiters.component, 3);
    return { code: code.trim(), trigger: trigger.trim(), structure: structure.trim() };
  }
  get controlId(): string {
    return this.field(10);
  }
  get processingId(): string {
    return this.field(11);
  }
  get version(): string {
    const d = this.delimiters;
    return firstOf(firstOf(firstOf(this.field(12), d.component), d.subcomponent), d.repetition).trim();
  }
  get acceptAckType(): string {
    return this.field(15).trim().toUpperCase();
  }
  get applicationAckType(): string {
    return this.field(16).trim().toUpperCase();
  }
  get charset(): string | undefined {
    const charset = firstOf(this.field(18), this.delimiters.repetition).trim();
    return charset === '' ? undefined : charset;
  }
}

/** The first MSH_FIELDS fields of a segment (`split` with a limit is several times slower in V8). */
function splitFields(text: string, separator: string): string[] {
  const fields: string[] = [];
  let start = 0;
  while (fields.length < MSH_FIELDS) {
    const at = text.indexOf(separator, start);
    fields.push(at < 0 ? text.slice(start) : text.slice(start, at));
    if (at < 0) break;
    start = at + 1;
  }
  return fields;
}

/** The text before the first `separator`; all of it when the separator is '' (not declared). */
function firstOf(value: string, separator: string): string {
  if (separator === '') return value;
  const at = value.indexOf(separator);
  return at < 0 ? value : value.slice(0, at);
}
