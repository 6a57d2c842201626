import { MAX_HEADER_CHARS, readMsh as readMshSegment } from '@mapx/hl7v2';

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
  /** MSH-12.1 (`@mapx/hl7v2` reads it), e.g. `2.5.1`. */
  readonly version: string;
  readonly acceptAckType: string;
  readonly applicationAckType: string;
}

const LEADING = /^[\s\uFEFF\u00EF\u00BB\u00BF]+/;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\x00-\x1f\x7f]/;

/**
 * Reads the MSH segment at the start of a message (latin1: every byte maps to one character, so the fields can
 * be echoed byte for byte). Undefined when the message does not start with a usable MSH.
 */
export function readMsh(bytes: Uint8Array): MshHeader | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, MAX_HEADER_CHARS));
  const text = head.toString('latin1').replace(LEADING, '');
  if (text.length < 8) return undefined;
  const end = text.search(/[\r\n]/);
  const msh = readMshSegment(end < 0 ? text : text.slice(0, end));
  if (!msh) return undefined;
  const d = msh.delimiters;
  // the ACK echoes MSH-2 as written: it must declare each delimiter once (`^~\\&` doubles the escape)
  if (msh.doubledEscape) return undefined;
  // a control character as a delimiter would be echoed raw in the ACK (VT or FS would break its framing)
  if (CONTROL.test(d.field + msh.encodingCharacters)) return undefined;
  return {
    fieldSeparator: d.field,
    encodingCharacters: msh.encodingCharacters,
    component: d.component,
    repetition: d.repetition,
    escape: d.escape,
    subcomponent: d.subcomponent,
    sendingApplication: msh.sendingApplication,
    sendingFacility: msh.sendingFacility,
    receivingApplication: msh.receivingApplication,
    receivingFacility: msh.receivingFacility,
    messageType: msh.messageType.code,
    triggerEvent: msh.messageType.trigger,
    controlId: msh.controlId,
    processingId: msh.processingId,
    version: msh.version,
    acceptAckType: msh.acceptAckType,
    applicationAckType: msh.applicationAckType,
  };
}

/** The first component of a field (MSH-3/MSH-4 namespace id). */
export function firstComponent(header: MshHeader, value: string): string {
  return (value.split(header.component)[0] ?? '').trim();
}
