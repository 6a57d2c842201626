import { HL7_V2_MEDIA_TYPE } from '@mapx/hl7v2';
import { buildAck, nextControlId } from '../hl7/ack.js';
import { buildBatchAck, splitBatch } from '../hl7/batch.js';
import { readMsh } from '../hl7/msh-header.js';
import { processMessage, reject, routeMessage, type Outcome, type Pipeline } from './process-message.js';

/** A message of a batch goes to the normaliser with its batch headers, read as one message (docs/normalizers.md). */
const BATCH_MEMBER_TYPE = `${HL7_V2_MEDIA_TYPE}; batch=message`;

/**
 * A batch (FHS/BHS … BTS/FTS): each message routed, mapped and delivered on its own, one after the other, then
 * one batch answering every message with its own application ACK, in order (HL7 v2 batch acknowledgement: a
 * response batch, BHS-12 naming the batch it answers). Accept acknowledgements (MSH-15) do not apply inside a
 * batch: the response batch is the acknowledgement.
 */
export async function processBatch(pipeline: Pipeline, bytes: Buffer, started: number): Promise<string> {
  const batch = splitBatch(bytes);
  const acks: string[] = [];
  for (const member of batch.members) {
    pipeline.stats.onReceived();
    const header = readMsh(member.message);
    const outcome = await outcomeOf(pipeline, member.withEnvelope, header);
    pipeline.stats.onAck(outcome.ack);
    const error = 'error' in outcome ? outcome.error : undefined;
    const warnings = 'warnings' in outcome ? outcome.warnings : undefined;
    acks.push(buildAck(header, outcome.ack, error, warnings));
  }
  const seconds = (performance.now() - started) / 1000;
  for (let i = 0; i < batch.members.length; i++) pipeline.stats.onDone(seconds);
  return buildBatchAck(batch, acks, new Date(), nextControlId());
}

async function outcomeOf(
  pipeline: Pipeline,
  withEnvelope: Buffer,
  header: ReturnType<typeof readMsh>,
): Promise<Outcome> {
  const decided = routeMessage(pipeline, header);
  if ('ack' in decided) return decided;
  try {
    return await processMessage(pipeline, header!, decided.mapping, withEnvelope, BATCH_MEMBER_TYPE);
  } catch (err) {
    pipeline.host.logger.error({ err }, 'MLLP message processing failed');
    return reject('MLLP_INTERNAL_ERROR', err instanceof Error ? err.message : String(err));
  }
}
