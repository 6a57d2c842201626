/** The MSH fields the listener routes and acknowledges with, as raw ER7 text (not unescaped). */
export interface MshHeader {
  readonly fieldSeparator: string;
  /** MSH-2 as written, e.g. `^~\&`. */
  readonly encodingCharacters: string;
  readonly component: string;
  readonly repetition: string;
  readonly escape: string;
  readonly subcomponent: string;
  /** MSH-3 … MSH-6 as written (all components). */
  readonly sendingApplication: string;
  readonly sendingFacility: string;
  readonly receivingApplication: string;
  readonly receivingFacility: string;
  /** MSH-9.1 and MSH-9.2. */
  readonly messageType: string;
  readonly triggerEvent: string;
  readonly controlId: string;
  readonly processingId: string;
  /** MSH-12.1, e.g. `2.5.1`. */
  readonly version: string;
  readonly acceptAckType: string;
  readonly applicationAckType: string;
}

/** The header segment is read within this many bytes: a longer first line is not an MSH worth reading. */
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * Reads the MSH segment at the start of a message (latin1: every byte maps to one character, so the fields can
 * be echoed byte for byte). Undefined when the message does not start with a usable MSH.
 */
export function readMsh(bytes: Uint8Array): MshHeader | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, MAX_HEADER_BYTES));
  const text = head.toString('latin1').replace(/^[\s\uFEFF\u00EF\u00BB\u00BF]+/, '');
  if (!text.startsWith('MSH') || text.length < 8) return undefined;
  const end = text.search(/[\r\n]/);
  const line = end < 0 ? text : text.slice(0, end);
  const sep = line[3]!;
  if (/[A-Za-z0-9\s]/.test(sep)) return undefined;
  const fields = line.split(sep);
  const encoding = fields[1] ?? '';
  const [component = '', repetition = '', escape = '', subcomponent = ''] = encoding;
  if (component === '' || new Set([sep, ...encoding]).size !== encoding.length + 1) return undefined;
  // a control character as a delimiter would be echoed raw in the ACK (VT or FS would break its framing)
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\x00-\x1f\x7f]/.test(sep + encoding)) return undefined;
  const field = (n: number) => fields[n - 1] ?? '';
  const first = (value: string) => value.split(component)[0] ?? '';
  const type = field(9).split(component);
  return {
    fieldSeparator: sep,
    encodingCharacters: encoding,
    component,
    repetition,
    escape,
    subcomponent,
    sendingApplication: field(3),
    sendingFacility: field(4),
    receivingApplication: field(5),
    receivingFacility: field(6),
    messageType: (type[0] ?? '').trim(),
    triggerEvent: (type[1] ?? '').trim(),
    controlId: field(10),
    processingId: field(11),
    version: first(field(12)).trim(),
    acceptAckType: field(15).trim().toUpperCase(),
    applicationAckType: field(16).trim().toUpperCase(),
  };
}

/** The first component of a field (MSH-3/MSH-4 namespace id). */
export function firstComponent(header: MshHeader, value: string): string {
  return (value.split(header.component)[0] ?? '').trim();
}
