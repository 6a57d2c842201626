import type { Engine, ServerConceptMapSource } from '@mapx/engine';
import type { MappingStore } from '@mapx/plugin-api';
import type { AppConfig } from './config/app-config.js';
import type { FhirHolder } from './context/fhir-holder.js';
import type { MappingCache } from './mappings/mapping-cache.js';
import type { InputDispatcher } from './normalize/input-dispatcher.js';
import type { LoadedPlugins } from './plugins/loaded-plugins.js';
import type { Warmup } from './warmup/warmup.js';
import type { EvalPool } from './isolation/eval-pool.js';
import type { InlineEvaluation } from './eval/inline-evaluation.js';
import type { Lifecycle } from './lifecycle/lifecycle.js';
import type { ServiceMetrics } from './metrics/service-metrics.js';

/** What every route may use; decorated on the Fastify instance as `app.mapx`. */
export interface MapxServices {
  readonly config: AppConfig;
  readonly startedAt: number;
  readonly warmup: Warmup;
  readonly fhir: FhirHolder;
  readonly engine: Engine;
  readonly dispatcher: InputDispatcher;
  readonly mappings: MappingCache;
  readonly plugins: LoadedPlugins;
  /** The store that receives writes (MAPPINGS_PRIMARY_WRITABLE_STORE), if any. */
  readonly writableStore: MappingStore | undefined;
  /** ConceptMaps looked up on the FHIR server by the terminology functions (flushed by recache). */
  readonly serverConceptMaps: ServerConceptMapSource | undefined;
  /** The evaluation worker threads (MAPX_EVAL_ISOLATION=worker); undefined: evaluations run on this thread. */
  readonly evalPool: EvalPool | undefined;
  /** With the pool: expressions proven bounded evaluated on this thread (eval/inline-evaluation.ts). */
  readonly inline: InlineEvaluation | undefined;
  /** Serving or draining (SIGTERM): readiness follows it. */
  readonly lifecycle: Lifecycle;
  /** GET /metrics and what feeds it; undefined with MAPX_METRICS=off. */
  readonly metrics: ServiceMetrics | undefined;
}

/** A registered route, recorded so tests can check the OpenAPI document and the auth table against reality. */
export interface RouteRecord {
  readonly method: string;
  readonly url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mapx: MapxServices;
    mapxRoutes: readonly RouteRecord[];
  }
}

export const WARMUP_FHIR = 'fhir-context';
export const WARMUP_MAPPINGS = 'mapping-stores';
export const WARMUP_EVAL_POOL = 'evaluation-workers';
