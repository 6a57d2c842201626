import type { MshHeader } from './msh-header.js';
import { escapeText } from './escape.js';
import { ackMessageType, atLeast } from './versions.js';

export type AckCode = 'AA' | 'AE' | 'AR' | 'CA' | 'CE' | 'CR';

/** What an ERR segment says: the HL7 code (table 0357) and the mapx code and message behind it. */
export interface AckError {
  readonly hl7: string;
  readonly hl7Text: string;
  readonly code: string;
  readonly message: string;
}

/** Used when the message had no usable MSH: the sender still gets an answer it can read. */
const FALLBACK: MshHeader = {
  fieldSeparator: '|',
  encodingCharacters: '^~\\&',
  component: '^',
  repetition: '~',
  escape: '\\',
  subcomponent: '&',
  sendingApplication: '',
  sendingFacility: '',
  receivingApplication: '',
  receivingFacility: '',
  messageType: '',
  triggerEvent: '',
  controlId: '',
  processingId: 'P',
  version: '2.5',
  acceptAckType: '',
  applicationAckType: '',
};

export interface AckWarning {
  readonly code: string;
  readonly message: string;
}

const MAX_WARNINGS = 10;
let sequence = 0;

/**
 * The acknowledgement of a message, in its version and with its delimiters: sender and receiver swapped, MSA-2 =
 * MSH-10, and for an error an ERR segment (2.5+: HL7 code in ERR-3, mapx code and message in ERR-5, the message
 * in ERR-8; before 2.5: ERR-1, and the mapx code in MSA-3). Segments end with CR.
 */
export function buildAck(
  received: MshHeader | undefined,
  code: AckCode,
  error?: AckError,
  warnings: readonly AckWarning[] = [],
): string {
  const h = received ?? FALLBACK;
  const f = h.fieldSeparator;
  const modern = atLeast(h.version, '2.5');
  const msh = [
    `MSH${f}${h.encodingCharacters}`,
    h.receivingApplication,
    h.receivingFacility,
    h.sendingApplication,
    h.sendingFacility,
    timestamp(new Date()),
    '',
    ackMessageType(h, h.triggerEvent),
    nextControlId(),
    h.processingId || 'P',
    h.version || FALLBACK.version,
  ].join(f);
  const msa = [`MSA`, code, h.controlId];
  if (error && !modern) msa.push(escapeText(h, `${error.code}: ${error.message}`, 80));
  const segments = [msh, msa.join(f)];
  if (error) segments.push(errSegment(h, error, modern));
  // 2.5+ only: earlier ERR segments have no severity, a warning would read as an error
  if (modern) for (const w of warnings.slice(0, MAX_WARNINGS)) segments.push(warningSegment(h, w));
  return `${segments.join('\r')}\r`;
}

/** An ERR segment of severity W (2.5+): the message was accepted, but not converted exactly as written. */
function warningSegment(h: MshHeader, w: AckWarning): string {
  const { fieldSeparator: f, component: c } = h;
  const appCode = `${escapeText(h, w.code, 40)}${c}${escapeText(h, w.message, 199)}${c}MAPX`;
  return [
    'ERR',
    '',
    '',
    `0${c}Message accepted${c}HL70357`,
    'W',
    appCode,
    '',
    '',
    escapeText(h, w.message, 2000),
  ].join(f);
}

function errSegment(h: MshHeader, error: AckError, modern: boolean): string {
  const { fieldSeparator: f, component: c, subcomponent: s } = h;
  const hl7Text = escapeText(h, error.hl7Text, 60);
  // before 2.5 ERR-1's code is one CE in a component: the mapx code rides as its alternate identifier
  if (!modern) {
    const alternate = `${escapeText(h, error.code, 40)}${s}${escapeText(h, error.message, 60)}${s}MAPX`;
    return `ERR${f}${c}${c}${c}${error.hl7}${s}${hl7Text}${s}HL70357${s}${alternate}`;
  }
  const appCode = `${escapeText(h, error.code, 40)}${c}${escapeText(h, error.message, 199)}${c}MAPX`;
  const userMessage = escapeText(h, error.message, 2000);
  return ['ERR', '', '', `${error.hl7}${c}${hl7Text}${c}HL70357`, 'E', appCode, '', '', userMessage].join(f);
}

/** HL7 DTM in UTC with its offset, to the second. */
export function timestamp(d: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}+0000`;
}

/** Unique per process and at most 20 characters (MSH-10 is ST 20 in 2.3–2.5). */
export function nextControlId(): string {
  sequence = (sequence + 1) % 1_000_000;
  return `MAPX${Date.now().toString(36)}${sequence.toString(36)}`.slice(0, 20);
}
