/**
 * The listener's own error codes, each with its HL7 error code (table 0357) and acknowledgement. Codes of a
 * failed mapping (engine, normaliser, service catalogue) are passed through as they are.
 */
export const MLLP_ERRORS = {
  /** No MSH segment, or MSH-1/MSH-2/MSH-9/MSH-10 unusable: the message cannot even be acknowledged properly. */
  MLLP_UNPARSEABLE: { hl7: '100', hl7Text: 'Segment sequence error', ack: 'AR' },
  /** No route for MSH-9 (and MSH-3/MSH-4) and no default route. */
  MLLP_NO_ROUTE: { hl7: '200', hl7Text: 'Unsupported message type', ack: 'AR' },
  /** A frame larger than MLLP_MAX_MESSAGE_BYTES: its content was dropped. */
  MLLP_MESSAGE_TOO_LARGE: { hl7: '100', hl7Text: 'Segment sequence error', ack: 'AR' },
  /** The mapping ran, its result could not be delivered after every retry; the message is in the dead letters. */
  MLLP_DELIVERY_FAILED: { hl7: '207', hl7Text: 'Application internal error', ack: 'AE' },
  /** The mapping's result is not deliverable (not a resource, an array, no resourceType). Dead-lettered too. */
  MLLP_RESULT_NOT_DELIVERABLE: { hl7: '207', hl7Text: 'Application internal error', ack: 'AE' },
  /** An unexpected failure inside the listener (a bug): logged with its stack. */
  MLLP_INTERNAL_ERROR: { hl7: '207', hl7Text: 'Application internal error', ack: 'AE' },
} as const;

export type MllpErrorCode = keyof typeof MLLP_ERRORS;

/** HL7 error code for a mapping failure (engine or service code): an application internal error. */
export const MAPPING_FAILED_HL7 = { hl7: '207', hl7Text: 'Application internal error' } as const;
/** HL7 error code for an input the normaliser refused: a data type error. */
export const INPUT_REFUSED_HL7 = { hl7: '102', hl7Text: 'Data type error' } as const;
