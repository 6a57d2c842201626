import type { ListenerCounter, ListenerHistogram, ListenerMetrics } from '@mapx/plugin-api';
import type { AckCode } from '../hl7/ack.js';

/** Seconds from a frame's last byte to its ACK: sub-millisecond mappings to slow FHIR servers with retries. */
/** Why a connection was refused before a byte was read, or why the listener closed one. */
export type RefusedReason = 'not_allowed' | 'per_address_limit' | 'max_connections' | 'tls_handshake';
export type ClosedReason = 'idle' | 'incomplete_frame' | 'ack_backlog';

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The listener's counters: in `/metrics` through the host, and as plain numbers for `GET /`. */
export class ListenerStats {
  readonly counts = {
    received: 0,
    AA: 0,
    AE: 0,
    AR: 0,
    CA: 0,
    CE: 0,
    CR: 0,
    delivered: 0,
    retried: 0,
    deadLettered: 0,
    /** Dead letters not written: the folder is at MLLP_DEAD_LETTER_MAX_BYTES or MLLP_DEAD_LETTER_MAX_FILES. */
    deadLetterFull: 0,
  };
  /** Connections refused or closed by the listener, by reason (for `GET /` and the log). */
  readonly connections = { refused: 0, closed: 0 };
  private refused?: ListenerCounter;
  private closed?: ListenerCounter;
  private deadLetterFull?: ListenerCounter;
  private received?: ListenerCounter;
  private acks?: ListenerCounter;
  private delivered?: ListenerCounter;
  private retried?: ListenerCounter;
  private deadLettered?: ListenerCounter;
  private latency?: ListenerHistogram;

  register(metrics: ListenerMetrics): void {
    this.received = metrics.counter('messages_received_total', 'Messages received (framed)');
    this.acks = metrics.counter('acks_total', 'Acknowledgements sent, by MSA-1 code', ['code']);
    this.delivered = metrics.counter('delivered_total', 'Mapping results delivered');
    this.retried = metrics.counter(
      'delivery_retries_total',
      'Delivery attempts repeated after a transient failure',
    );
    this.deadLettered = metrics.counter('dead_lettered_total', 'Messages written to the dead-letter folder');
    this.refused = metrics.counter(
      'connections_refused_total',
      'Connections refused before a message was read (allow-list, limits, TLS handshake)',
      ['reason'],
    );
    this.closed = metrics.counter(
      'connections_closed_total',
      'Connections closed by the listener (idle, incomplete frame, unread ACKs)',
      ['reason'],
    );
    this.deadLetterFull = metrics.counter(
      'dead_letters_refused_total',
      'Dead letters not written because the folder is at its bound (MLLP_DEAD_LETTER_MAX_*)',
    );
    this.latency = metrics.histogram(
      'message_duration_seconds',
      'From a message received to its application acknowledgement sent',
      LATENCY_BUCKETS,
    );
  }

  onReceived(): void {
    this.counts.received++;
    this.received?.inc();
  }

  onAck(code: AckCode): void {
    this.counts[code]++;
    this.acks?.inc({ code });
  }

  onDelivered(): void {
    this.counts.delivered++;
    this.delivered?.inc();
  }

  onRetry(): void {
    this.counts.retried++;
    this.retried?.inc();
  }

  onDeadLettered(): void {
    this.counts.deadLettered++;
    this.deadLettered?.inc();
  }

  onRefused(reason: RefusedReason): void {
    this.connections.refused++;
    this.refused?.inc({ reason });
  }

  onClosed(reason: ClosedReason): void {
    this.connections.closed++;
    this.closed?.inc({ reason });
  }

  onDeadLetterFull(): void {
    this.counts.deadLetterFull++;
    this.deadLetterFull?.inc();
  }

  onDone(seconds: number): void {
    this.latency?.observe(undefined, seconds);
  }
}
