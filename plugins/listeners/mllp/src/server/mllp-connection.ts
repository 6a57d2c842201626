import type { Socket } from 'node:net';
import { buildAck, type AckCode, type AckError } from '../hl7/ack.js';
import { ackPlan, isDue, type AckPlan } from '../hl7/ack-mode.js';
import { readMsh, type MshHeader } from '../hl7/msh-header.js';
import { frame as encodeFrame, MllpFramer, type Frame } from '../mllp/framer.js';
import { isBatch } from '../hl7/batch.js';
import { processBatch } from './process-batch.js';
import { processMessage, reject, routeMessage, type Outcome, type Pipeline } from './process-message.js';

/** Messages read ahead of their ACK per connection; past this the socket stops reading until some are done. */
const HIGH_WATER = 32;
const LOW_WATER = 8;
const CLOSE_GRACE_MS = 2000;

interface Received {
  readonly frame: Frame;
  readonly header: MshHeader | undefined;
  readonly plan: AckPlan;
  readonly decided: { readonly mapping: string } | Outcome;
  readonly acceptRejected: boolean;
  readonly started: number;
}

/**
 * One sender's connection. Its messages are processed one after another and acknowledged in the order they
 * arrived (HL7 sequencing); other connections run in parallel.
 */
export class MllpConnection {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;
  private readonly framer: MllpFramer;

  constructor(
    private readonly socket: Socket,
    private readonly pipeline: Pipeline,
    maxMessageBytes: number,
  ) {
    this.framer = new MllpFramer(maxMessageBytes);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      for (const f of this.framer.push(chunk)) this.receive(f);
    });
    // a peer that vanished: nothing to answer; queued messages still run (their results are delivered)
    socket.on('error', (err) => pipeline.host.logger.debug({ err: err.message }, 'MLLP connection error'));
  }

  /** Stops reading; resolves once every message already received is processed and acknowledged. */
  async drain(): Promise<void> {
    this.socket.pause();
    await this.tail;
    this.socket.end();
    // a peer that never closes its side must not hold the shutdown until its grace timeout
    setTimeout(() => this.socket.destroy(), CLOSE_GRACE_MS).unref();
  }

  private receive(frame: Frame): void {
    const started = performance.now();
    if (frame.kind === 'message' && isBatch(frame.bytes)) {
      this.pending++;
      if (this.pending >= HIGH_WATER) this.socket.pause();
      this.tail = this.tail.then(() => this.runBatch(frame.bytes, started));
      return;
    }
    this.pipeline.stats.onReceived();
    const header = readMsh(frame.kind === 'message' ? frame.bytes : frame.head);
    const plan = ackPlan(header);
    const decided =
      frame.kind === 'oversize'
        ? reject(
            'MLLP_MESSAGE_TOO_LARGE',
            `the message has ${frame.size} bytes; the limit is MLLP_MAX_MESSAGE_BYTES`,
          )
        : routeMessage(this.pipeline, header);
    const rejected = 'ack' in decided;
    let acceptRejected = false;
    if (plan.enhanced && isDue(plan.accept, !rejected)) {
      this.send(
        header,
        rejected ? 'CR' : 'CA',
        rejected ? (decided as { error: AckError }).error : undefined,
      );
      acceptRejected = rejected;
    }
    this.pending++;
    if (this.pending >= HIGH_WATER) this.socket.pause();
    const item: Received = { frame, header, plan, decided, acceptRejected, started };
    this.tail = this.tail.then(() => this.run(item));
  }

  private async run(item: Received): Promise<void> {
    const outcome = await this.outcomeOf(item);
    const success = outcome.ack === 'AA';
    const due = item.plan.enhanced ? !item.acceptRejected && isDue(item.plan.application, success) : true;
    if (due) this.send(item.header, outcome.ack, 'error' in outcome ? outcome.error : undefined, outcome);
    this.pipeline.stats.onDone((performance.now() - item.started) / 1000);
    this.done();
  }

  /** A batch frame: its messages in order, then one frame holding the batch of their ACKs. */
  private async runBatch(bytes: Buffer, started: number): Promise<void> {
    try {
      const answer = await processBatch(this.pipeline, bytes, started);
      if (this.socket.writable) this.socket.write(encodeFrame(answer));
    } catch (err) {
      this.pipeline.host.logger.error({ err }, 'MLLP batch processing failed');
    }
    this.done();
  }

  private done(): void {
    this.pending--;
    if (this.pending <= LOW_WATER && this.socket.isPaused() && !this.draining()) this.socket.resume();
  }

  private async outcomeOf(item: Received): Promise<Outcome> {
    if ('ack' in item.decided) return item.decided;
    if (item.frame.kind !== 'message' || !item.header) return reject('MLLP_INTERNAL_ERROR', 'unreachable');
    try {
      return await processMessage(this.pipeline, item.header, item.decided.mapping, item.frame.bytes);
    } catch (err) {
      this.pipeline.host.logger.error({ err }, 'MLLP message processing failed');
      return reject('MLLP_INTERNAL_ERROR', err instanceof Error ? err.message : String(err));
    }
  }

  private send(
    header: MshHeader | undefined,
    code: AckCode,
    error: AckError | undefined,
    outcome?: Outcome,
  ): void {
    this.pipeline.stats.onAck(code);
    const warnings = outcome && 'warnings' in outcome ? outcome.warnings : undefined;
    if (this.socket.writable) this.socket.write(encodeFrame(buildAck(header, code, error, warnings)));
  }

  private draining(): boolean {
    return this.pipeline.draining();
  }
}
