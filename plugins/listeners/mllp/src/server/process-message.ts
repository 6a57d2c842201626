import { HL7_V2_MEDIA_TYPE } from '@mapx/hl7v2';
import type { ListenerHost, ListenerWarning } from '@mapx/plugin-api';
import type { AckError } from '../hl7/ack.js';
import type { MshHeader } from '../hl7/msh-header.js';
import { routeFor, type RouteTable } from '../routes/route-table.js';
import { INPUT_REFUSED_HL7, MAPPING_FAILED_HL7, MLLP_ERRORS, type MllpErrorCode } from '../errors.js';
import { DeliveryError, type Delivery } from '../delivery/delivery.js';
import { DeadLetterFullError, type DeadLetterFolder } from '../delivery/dead-letter.js';
import type { ListenerStats } from './listener-stats.js';

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
  contentType: string = HL7_V2_MEDIA_TYPE,
): Promise<Outcome> {
  const evaluation = await pipeline.host.evaluate(mapping, { contentType, bytes });
  if (!evaluation.ok) {
    const hl7 = evaluation.inputRejected ? INPUT_REFUSED_HL7 : MAPPING_FAILED_HL7;
    // 503: busy or still warming up, nothing wrong with the message (the catalogue's own text, no details)
    const busy = evaluation.status === 503;
    // another fault of the service (a worker lost, a store failing) may name files and modules: logged, not sent
    const fault = !busy && evaluation.status >= 500;
    if (fault) pipeline.host.logger.error({ code: evaluation.code, mapping }, evaluation.message);
    const message = busy
      ? `${evaluation.message}: resend the message`
      : fault
        ? 'the service failed while mapping the message; the details are logged'
        : evaluation.message;
    return { ack: evaluation.inputRejected ? 'AR' : 'AE', error: { ...hl7, code: evaluation.code, message } };
  }
  try {
    await pipeline.delivery.deliver(evaluation.result);
    pipeline.stats.onDelivered();
    return evaluation.warnings.length ? { ack: 'AA', warnings: evaluation.warnings } : { ack: 'AA' };
  } catch (err) {
    return deadLetter(pipeline, header, mapping, bytes, evaluation.result, err);
  }
}

/** What the sender reads when delivery failed without a text of its own for it. */
const PUBLIC_FAILURE = 'the result could not be delivered';

/**
 * AE, not AA: an AA would tell the sender the resources exist. The message, the result and the error are in
 * the dead-letter folder before the AE goes out, so nothing is lost whether the sender resends or not. The sender
 * is unauthenticated: its ERR names the failure and the dead letter's reference, never the FHIR server's
 * address, an error number or a path (those are in the log and the letter).
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
  const told = (err instanceof DeliveryError && err.publicMessage) || PUBLIC_FAILURE;
  const detail = err instanceof DeliveryError && err.detail !== undefined ? { detail: err.detail } : {};
  const log = pipeline.host.logger;
  try {
    const letter = await pipeline.deadLetters.write({
      receivedAt: new Date().toISOString(),
      mappingId,
      controlId: header.controlId,
      message,
      result,
      error: { code, message: why, ...detail },
    });
    pipeline.stats.onDeadLettered();
    log.warn({ code, file: letter.file, controlId: header.controlId }, `delivery failed: ${why}`);
    return reject(code, `${told}; kept as dead letter ${letter.ref}`);
  } catch (writeErr) {
    const reason = writeErr instanceof Error ? writeErr.message : String(writeErr);
    const full = writeErr instanceof DeadLetterFullError;
    if (full) pipeline.stats.onDeadLetterFull();
    log.error(
      { code, controlId: header.controlId },
      `delivery failed: ${why}; dead letter not written: ${reason}`,
    );
    const kept = full ? 'the dead-letter folder is full' : 'the dead letter could not be written either';
    return reject(code, `${told}; ${kept}: resend the message`);
  }
}

export function reject(code: MllpErrorCode, message: string): Outcome {
  const entry = MLLP_ERRORS[code];
  return { ack: entry.ack, error: { hl7: entry.hl7, hl7Text: entry.hl7Text, code, message } };
}
