import type { ListenerHost, ListenerWarning } from '@mapx/plugin-api';
import type { AckError } from '../hl7/ack.js';
import type { MshHeader } from '../hl7/msh-header.js';
import { routeFor, type RouteTable } from '../routes/route-table.js';
import { INPUT_REFUSED_HL7, MAPPING_FAILED_HL7, MLLP_ERRORS, type MllpErrorCode } from '../errors.js';
import { DeliveryError, type Delivery } from '../delivery/delivery.js';
import type { DeadLetterFolder } from '../delivery/dead-letter.js';
import type { ListenerStats } from './listener-stats.js';

/** The media type the HL7 v2 normaliser reads. */
export const HL7_MEDIA_TYPE = 'application/hl7-v2';

export interface Pipeline {
  readonly routes: RouteTable;
  readonly delivery: Delivery;
  readonly deadLetters: DeadLetterFolder;
  readonly stats: ListenerStats;
  readonly host: ListenerHost;
  /** True once stop() began: connections stop reading. */
  draining(): boolean;
}

export type Outcome =
  | { readonly ack: 'AA'; readonly warnings?: readonly ListenerWarning[] }
  | { readonly ack: 'AE' | 'AR'; readonly error: AckError };

/** What a message's MSH says before it is processed: a reject now, or the mapping to run. */
export function routeMessage(
  pipeline: Pipeline,
  header: MshHeader | undefined,
): { readonly mapping: string } | Outcome {
  if (!header) return reject('MLLP_UNPARSEABLE', 'the message does not start with a usable MSH segment');
  const mapping = routeFor(pipeline.routes, header);
  if (mapping !== undefined) return { mapping };
  const type = `${header.messageType}^${header.triggerEvent}`;
  return reject('MLLP_NO_ROUTE', `no route for message type ${type} and no default route (MLLP_ROUTES)`);
}

/** Maps a routed message and delivers the result: AA, AE (mapping or delivery failed) or AR (input refused). */
export async function processMessage(
  pipeline: Pipeline,
  header: MshHeader,
  mapping: string,
  bytes: Buffer,
  contentType = HL7_MEDIA_TYPE,
): Promise<Outcome> {
  const evaluation = await pipeline.host.evaluate(mapping, { contentType, bytes });
  if (!evaluation.ok) {
    const hl7 = evaluation.inputRejected ? INPUT_REFUSED_HL7 : MAPPING_FAILED_HL7;
    // 503: busy or still warming up, nothing wrong with the message
    const message =
      evaluation.status === 503 ? `${evaluation.message}: resend the message` : evaluation.message;
    return {
      ack: evaluation.inputRejected ? 'AR' : 'AE',
      error: { ...hl7, code: evaluation.code, message },
    };
  }
  try {
    await pipeline.delivery.deliver(evaluation.result);
    pipeline.stats.onDelivered();
    return evaluation.warnings.length ? { ack: 'AA', warnings: evaluation.warnings } : { ack: 'AA' };
  } catch (err) {
    return deadLetter(pipeline, header, mapping, bytes, evaluation.result, err);
  }
}

/**
 * AE, not AA: an AA would tell the sender the resources exist. The message, the result and the error are in
 * the dead-letter folder before the AE goes out, so nothing is lost whether the sender resends or not.
 */
async function deadLetter(
  pipeline: Pipeline,
  header: MshHeader,
  mappingId: string,
  message: Buffer,
  result: unknown,
  err: unknown,
): Promise<Outcome> {
  const code: MllpErrorCode = err instanceof DeliveryError ? err.code : 'MLLP_DELIVERY_FAILED';
  const why = err instanceof Error ? err.message : String(err);
  const detail = err instanceof DeliveryError && err.detail !== undefined ? { detail: err.detail } : {};
  try {
    const file = await pipeline.deadLetters.write({
      receivedAt: new Date().toISOString(),
      mappingId,
      controlId: header.controlId,
      message,
      result,
      error: { code, message: why, ...detail },
    });
    pipeline.stats.onDeadLettered();
    pipeline.host.logger.warn({ code, file, controlId: header.controlId }, `delivery failed: ${why}`);
    return reject(code, `${why}; kept as dead letter ${file}`);
  } catch (writeErr) {
    const reason = writeErr instanceof Error ? writeErr.message : String(writeErr);
    pipeline.host.logger.error({ code, controlId: header.controlId }, `dead letter not written: ${reason}`);
    return reject(
      code,
      `${why}; the dead letter could not be written either (${reason}): resend the message`,
    );
  }
}

export function reject(code: MllpErrorCode, message: string): Outcome {
  const entry = MLLP_ERRORS[code];
  return { ack: entry.ack, error: { hl7: entry.hl7, hl7Text: entry.hl7Text, code, message } };
}
