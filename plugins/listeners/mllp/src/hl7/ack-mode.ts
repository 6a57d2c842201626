import type { MshHeader } from './msh-header.js';

/** HL7 table 0155: when an acknowledgement is sent. */
export type AckCondition = 'AL' | 'NE' | 'ER' | 'SU';

/**
 * Original mode (MSH-15 and MSH-16 empty): one application ACK per message. Enhanced mode (either set): an
 * accept ACK (CA/CE/CR) on receipt and an application ACK (AA/AE/AR) after processing, each only when its
 * condition asks for it; an empty or unknown condition in enhanced mode reads as NE.
 */
export interface AckPlan {
  readonly enhanced: boolean;
  readonly accept: AckCondition;
  readonly application: AckCondition;
}

const CONDITIONS: ReadonlySet<string> = new Set(['AL', 'NE', 'ER', 'SU']);

export function ackPlan(h: MshHeader | undefined): AckPlan {
  if (!h || (h.acceptAckType === '' && h.applicationAckType === ''))
    return { enhanced: false, accept: 'NE', application: 'AL' };
  return { enhanced: true, accept: condition(h.acceptAckType), application: condition(h.applicationAckType) };
}

function condition(value: string): AckCondition {
  return CONDITIONS.has(value) ? (value as AckCondition) : 'NE';
}

/** Whether an acknowledgement is due under its condition, given whether it reports success. */
export function isDue(condition: AckCondition, success: boolean): boolean {
  return condition === 'AL' || (condition === 'ER' && !success) || (condition === 'SU' && success);
}
