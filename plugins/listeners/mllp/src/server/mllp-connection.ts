import type { Socket } from 'node:net';
import { buildAck, type AckCode, type AckError } from '../hl7/ack.js';
import { ackPlan, isDue, type AckPlan } from '../hl7/ack-mode.js';
import { readMsh, type MshHeader } from '../hl7/msh-header.js';
import { frame as encodeFrame, MllpFramer, type Frame } from '../mllp/framer.js';
import { isBatch } from '../hl7/batch.js';
import { processBatch } from './process-batch.js';
import { processMessage, reject, routeMessage, type Outcome, type Pipeline } from './process-message.js';
import { CONNECTION_BOUNDS as B } from './connection-bounds.js';
import type { ClosedReason } from './listener-stats.js';

const CLOSE_GRACE_MS = 2000;

interface Received {
  readonly frame: Frame;
  readonly header: MshHeader | undefined;
  readonly plan: AckPlan;
  readonly decided: { readonly mapping: string } | Outcome;
  readonly acceptRejected: boolean;
  readonly started: number;
  readonly bytes: number;
}

export interface ConnectionLimits {
  readonly maxMessageBytes: number;
  /** Idle (no byte either way, nothing in progress) or one frame left incomplete this long: closed. */
  readonly idleTimeoutMs: number;
}

/**
 * One sender's connection. Its messages are processed one after another and acknowledged in the order they
 * arrived (HL7 sequencing); other connections run in parallel.
 *
 * Memory is bounded whatever the sender does: frames are taken from the received bytes only while fewer than
 * `maxInFlight` messages (and `maxInFlightBytes`) wait for their ACK and the ACKs not yet taken by the sender stay
 * under `writeHighWater`; otherwise the socket stops being read. ACKs piling up past `maxAckBacklog` close the
 * connection (docs/mllp.md, "Limits").
 */
export class MllpConnection {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;
  private pendingBytes = 0;
  private blocked = false;
  private closed = false;
  private frameTimer: NodeJS.Timeout | undefined;
  private readonly framer: MllpFramer;

  constructor(
    private readonly socket: Socket,
    private readonly pipeline: Pipeline,
    private readonly limits: ConnectionLimits,
  ) {
    this.framer = new MllpFramer(limits.maxMessageBytes);
    socket.setNoDelay(true);
    socket.setTimeout(limits.idleTimeoutMs);
    socket.on('data', (chunk: Buffer) => {
      this.framer.feed(chunk);
      this.pump();
    });
    socket.on('drain', () => this.pump());
    socket.on('timeout', () => this.onIdle());
    socket.once('close', () => {
      this.closed = true;
      clearTimeout(this.frameTimer);
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

  /** Takes frames while the bounds allow, then reads on or stops reading. */
  private pump(): void {
    if (this.closed) return;
    const resumeAt = this.blocked ? B.resumeInFlight : B.maxInFlight - 1;
    while (
      !this.pipeline.draining() &&
      this.pending <= resumeAt &&
      this.pendingBytes < B.maxInFlightBytes &&
      this.socket.writableLength <= B.writeHighWater
    ) {
      const next = this.framer.next();
      if (!next) break;
      this.receive(next);
    }
    this.watchFrame();
    const full =
      this.framer.unread ||
      this.pending >= B.maxInFlight ||
      this.pendingBytes >= B.maxInFlightBytes ||
      this.socket.writableLength > B.writeHighWater;
    this.blocked = full || this.pipeline.draining();
    if (this.blocked) this.socket.pause();
    else if (this.socket.isPaused()) this.socket.resume();
  }

  /** A frame begun and not finished within the idle timeout (a sender trickling bytes) closes the connection. */
  private watchFrame(): void {
    if (this.framer.partial && !this.frameTimer) {
      this.frameTimer = setTimeout(() => this.close('incomplete_frame'), this.limits.idleTimeoutMs);
      this.frameTimer.unref();
    } else if (!this.framer.partial && this.frameTimer) {
      clearTimeout(this.frameTimer);
      this.frameTimer = undefined;
    }
  }

  /** No byte either way for the idle timeout: a connection with nothing in progress is closed. */
  private onIdle(): void {
    if (this.pending > 0) return;
    this.close(this.socket.writableLength > 0 ? 'ack_backlog' : 'idle');
  }

  private close(reason: ClosedReason): void {
    if (this.closed) return;
    this.closed = true;
    this.pipeline.stats.onClosed(reason);
    this.pipeline.host.logger.info(
      { reason, remote: this.socket.remoteAddress, unreadAckBytes: this.socket.writableLength },
      `MLLP connection closed: ${reason.replace('_', ' ')}`,
    );
    this.socket.destroy();
  }

  private receive(frame: Frame): void {
    const started = performance.now();
    if (frame.kind === 'message' && isBatch(frame.bytes)) {
      const batch = frame.bytes;
      this.pending++;
      this.pendingBytes += batch.length;
      this.tail = this.tail.then(() => this.runBatch(batch, started));
      return;
    }
    this.pipeline.stats.onReceived();
    const header = readMsh(frame.kind === 'message' ? frame.bytes : frame.head);
    const plan = ackPlan(header);
    const decided =
      frame.kind === 'oversize'
        ? reject('MLLP_MESSAGE_TOO_LARGE', { size: frame.size })
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
    const bytes = frame.kind === 'message' ? frame.bytes.length : frame.head.length;
    this.pending++;
    this.pendingBytes += bytes;
    const item: Received = { frame, header, plan, decided, acceptRejected, started, bytes };
    this.tail = this.tail.then(() => this.run(item));
  }

  private async run(item: Received): Promise<void> {
    const outcome = await this.outcomeOf(item);
    const success = outcome.ack === 'AA';
    const due = item.plan.enhanced ? !item.acceptRejected && isDue(item.plan.application, success) : true;
    if (due) this.send(item.header, outcome.ack, 'error' in outcome ? outcome.error : undefined, outcome);
    this.pipeline.stats.onDone((performance.now() - item.started) / 1000);
    this.done(item.bytes);
  }

  /** A batch frame: its messages in order, then one frame holding the batch of their ACKs. */
  private async runBatch(bytes: Buffer, started: number): Promise<void> {
    try {
      const answer = await processBatch(this.pipeline, bytes, started);
      this.write(encodeFrame(answer));
    } catch (err) {
      this.pipeline.host.logger.error({ err }, 'MLLP batch processing failed');
    }
    this.done(bytes.length);
  }

  private done(bytes: number): void {
    this.pending--;
    this.pendingBytes -= bytes;
    this.pump();
  }

  private async outcomeOf(item: Received): Promise<Outcome> {
    if ('ack' in item.decided) return item.decided;
    if (item.frame.kind !== 'message' || !item.header) return reject('MLLP_INTERNAL_ERROR');
    try {
      return await processMessage(this.pipeline, item.header, item.decided.mapping, item.frame.bytes);
    } catch (err) {
      this.pipeline.host.logger.error({ err }, 'MLLP message processing failed');
      return reject('MLLP_INTERNAL_ERROR');
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
    this.write(encodeFrame(buildAck(header, code, error, warnings)));
  }

  /** An ACK frame to the sender; ACKs it leaves unread past the backlog bound close the connection. */
  private write(frame: Buffer): void {
    if (this.closed || !this.socket.writable) return;
    this.socket.write(frame);
    if (this.socket.writableLength > B.maxAckBacklog) this.close('ack_backlog');
  }
}
