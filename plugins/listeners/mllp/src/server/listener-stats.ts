import type { ListenerCounter, ListenerHistogram, ListenerMetrics } from '@mapx/plugin-api';
import type { AckCode } from '../hl7/ack.js';

/** Seconds from a frame's last byte to its ACK: sub-millisecond mappings to slow FHIR servers with retries. */
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
  };
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

  onDone(seconds: number): void {
    this.latency?.observe(undefined, seconds);
  }
}
