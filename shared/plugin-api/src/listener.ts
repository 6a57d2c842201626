import type { PluginBase } from './plugin.js';
import type { PluginContext, PluginLogger } from './context.js';

/**
 * A listener receives messages over its own transport (MLLP, a queue, …), has the host run a saved mapping on
 * each, and answers its sender. The host creates it at start-up, starts it once the service is ready (warm-up
 * done, HTTP listening) and stops it when the service shuts down.
 */
export interface ListenerPlugin<O = unknown> extends PluginBase<'listener', O> {
  /**
   * Resolves null when the options say this listener is not configured (e.g. no port). Throws a PluginError on
   * bad configuration: start-up then fails with its message.
   */
  create(options: O, ctx: PluginContext): Promise<Listener | null>;
}

export interface Listener {
  /** Starts accepting messages; resolves once it does (e.g. its socket listens). */
  start(host: ListenerHost): Promise<void>;
  /**
   * Graceful drain: accept nothing new, let every message already received finish and be answered, then
   * release every resource. The host calls it once, before its evaluation workers stop.
   */
  stop(): Promise<void>;
  /** Its state for `GET /` (`listeners` array): JSON only, cheap to compute. */
  state(): ListenerState;
}

export interface ListenerState {
  /** The plugin id, e.g. `mllp`. */
  readonly id: string;
  readonly status: 'starting' | 'listening' | 'draining' | 'stopped';
  readonly [key: string]: unknown;
}

/** What the host lends a started listener. */
export interface ListenerHost {
  readonly logger: PluginLogger;
  /**
   * Runs a saved mapping on an input, exactly as `POST /Mapping/{id}` with that body and content type does
   * (same normalisers, same evaluation workers, same limits). Never rejects: a failure is a coded result.
   */
  evaluate(mappingId: string, input: ListenerInput): Promise<ListenerEvaluation>;
  readonly metrics: ListenerMetrics;
}

export interface ListenerInput {
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

export type ListenerEvaluation =
  | {
      readonly ok: true;
      /** The mapping's result; undefined when the mapping returned nothing. */
      readonly result: unknown;
      /** What the input's normalisation or the mapping did not do exactly as written (at most 10). */
      readonly warnings: readonly ListenerWarning[];
    }
  | {
      readonly ok: false;
      /** The HTTP status `POST /Mapping/{id}` would have answered. */
      readonly status: number;
      /** The stable error code (engine, normaliser or service catalogue), e.g. `F5104`, `MAPPING_NOT_FOUND`. */
      readonly code: string;
      readonly message: string;
      /** True when the input itself was refused (could not be decoded or normalised). */
      readonly inputRejected: boolean;
    };

export interface ListenerWarning {
  /** E.g. `HL7_INVALID_DATE`, `F5353`. */
  readonly code: string;
  readonly message: string;
}

/**
 * Instruments in the service's `/metrics`. The host prefixes every name with `mapx_listener_` and adds a
 * `listener` label (the plugin id); with `MAPX_METRICS=off` they do nothing. Label values must come from small
 * bounded sets.
 */
export interface ListenerMetrics {
  counter(name: string, help: string, labelNames?: readonly string[]): ListenerCounter;
  histogram(
    name: string,
    help: string,
    buckets: readonly number[],
    labelNames?: readonly string[],
  ): ListenerHistogram;
}

export interface ListenerCounter {
  inc(labels?: Readonly<Record<string, string>>, value?: number): void;
}

export interface ListenerHistogram {
  observe(labels: Readonly<Record<string, string>> | undefined, value: number): void;
}
