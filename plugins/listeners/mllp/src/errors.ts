/**
 * The listener's own error codes, each with its HL7 error code (table 0357), acknowledgement and message (the
 * ERR-8 and MSA-3 text; `{name}` placeholders are filled by `mllpErrorMessage`). Codes of a failed mapping
 * (engine, normaliser, service catalogue) are passed through as they are. The sender is unauthenticated: no
 * message names a path, an address or an internal error.
 */
export const MLLP_ERRORS = {
  /** No MSH segment, or MSH-1/MSH-2/MSH-9/MSH-10 unusable: the message cannot even be acknowledged properly. */
  MLLP_UNPARSEABLE: {
    hl7: '100',
    hl7Text: 'Segment sequence error',
    ack: 'AR',
    message: 'the message does not start with a usable MSH segment',
  },
  /** No route for MSH-9 (and MSH-3/MSH-4) and no default route. */
  MLLP_NO_ROUTE: {
    hl7: '200',
    hl7Text: 'Unsupported message type',
    ack: 'AR',
    message: 'no route for message type {type} and no default route (MLLP_ROUTES)',
  },
  /** A frame larger than MLLP_MAX_MESSAGE_BYTES: its content was dropped. */
  MLLP_MESSAGE_TOO_LARGE: {
    hl7: '100',
    hl7Text: 'Segment sequence error',
    ack: 'AR',
    message: 'the message has {size} bytes; the limit is MLLP_MAX_MESSAGE_BYTES',
  },
  /**
   * The mapping ran, its result could not be delivered after every retry; the message is in the dead letters.
   * `failure`: what the delivery says of itself; `deadLetter`: "kept as dead letter <ref>", or why it was not.
   */
  MLLP_DELIVERY_FAILED: {
    hl7: '207',
    hl7Text: 'Application internal error',
    ack: 'AE',
    message: '{failure}; {deadLetter}',
  },
  /** The mapping's result is not deliverable (not a resource, an array, no resourceType). Dead-lettered too. */
  MLLP_RESULT_NOT_DELIVERABLE: {
    hl7: '207',
    hl7Text: 'Application internal error',
    ack: 'AE',
    message: '{failure}; {deadLetter}',
  },
  /** An unexpected failure inside the listener (a bug): logged with its stack. */
  MLLP_INTERNAL_ERROR: {
    hl7: '207',
    hl7Text: 'Application internal error',
    ack: 'AE',
    message: 'an unexpected error; it is logged',
  },
} as const satisfies Readonly<Record<string, MllpErrorEntry>>;

interface MllpErrorEntry {
  readonly hl7: string;
  readonly hl7Text: string;
  readonly ack: 'AE' | 'AR';
  readonly message: string;
}

export type MllpErrorCode = keyof typeof MLLP_ERRORS;

/** The parameters of a code's message. */
export type MllpErrorParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The message of `code`, its placeholders filled from `params` (own properties only). */
export function mllpErrorMessage(code: MllpErrorCode, params: MllpErrorParams = {}): string {
  return MLLP_ERRORS[code].message.replace(PLACEHOLDER, (all, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : all,
  );
}

/** HL7 error code for a mapping failure (engine or service code): an application internal error. */
export const MAPPING_FAILED_HL7 = { hl7: '207', hl7Text: 'Application internal error' } as const;
/** HL7 error code for an input the normaliser refused: a data type error. */
export const INPUT_REFUSED_HL7 = { hl7: '102', hl7Text: 'Data type error' } as const;
