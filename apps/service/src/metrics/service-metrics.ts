import { LabelledChildren } from './labelled-children.js';
import type * as PromClientModule from 'prom-client';
import type { Counter as CounterT, Histogram as HistogramT, Registry as RegistryT } from 'prom-client';
import { requireCommonJs } from '../require-commonjs.js';
import type { Warmup } from '../warmup/warmup.js';
import type { Lifecycle } from '../lifecycle/lifecycle.js';
import type { MappingCache } from '../mappings/mapping-cache.js';
import { renameDefaultGauges } from './lint-clean-defaults.js';

type PromClient = typeof PromClientModule;

/** Loaded on first use: with MAPX_METRICS=off the process never loads prom-client. */
export function promClient(): PromClient {
  return requireCommonJs('prom-client') as PromClient;
}

/** Seconds: from sub-millisecond `bp` evaluations to requests that wait for warm-up or a slow FHIR server. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const NORMALIZE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5];

/**
 * Every figure GET /metrics reports, in one registry per process (the cluster's primary sums the workers'
 * registries). Label values come from bounded sets only: route patterns, methods, status codes, media-type
 * essences of installed normalisers, error codes of the catalogue, ids of saved mappings.
 */
export class ServiceMetrics {
  readonly registry: RegistryT;
  readonly requests: HistogramT<'method' | 'route' | 'status_code'>;
  readonly evaluations: CounterT<'mapping' | 'outcome'>;
  readonly evaluationErrors: CounterT<'mapping' | 'code'>;
  readonly normalize: HistogramT<'content_type'>;

  constructor(services: () => MetricsSources) {
    const client = promClient();
    this.registry = new client.Registry();
    const registers = [this.registry];
    client.collectDefaultMetrics({ register: this.registry });
    renameDefaultGauges(client, this.registry);
    this.requests = new client.Histogram({
      name: 'mapx_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status, with their latency',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.evaluations = new client.Counter({
      name: 'mapx_evaluations_total',
      help: 'Evaluations by mapping id ("(ad-hoc)" for POST /) and outcome (ok, partial, error)',
      labelNames: ['mapping', 'outcome'],
      registers,
    });
    this.evaluationErrors = new client.Counter({
      name: 'mapx_evaluation_errors_total',
      help: 'Failed evaluations by mapping id and error code',
      labelNames: ['mapping', 'code'],
      registers,
    });
    this.normalize = new client.Histogram({
      name: 'mapx_normalize_duration_seconds',
      help: 'Time to decode and normalise an input, by media type',
      labelNames: ['content_type'],
      buckets: NORMALIZE_BUCKETS,
      registers,
    });
    stateGauges(client, this.registry, services);
    // one child per label set, found again without building a label object or its key at every observation (the
    // label objects keep the order of the series' text)
    const { requests, evaluations, normalize } = this;
    this.requestsBy = new LabelledChildren((method: string, route: string, status: number) =>
      requests.labels({ method, route, status_code: status }),
    );
    this.evaluationsBy = new LabelledChildren((mapping: string, outcome: string) =>
      evaluations.labels({ mapping, outcome }),
    );
    this.normalizeBy = new LabelledChildren((content_type: string) => normalize.labels({ content_type }));
  }

  private readonly requestsBy: LabelledChildren<[string, string, number], { observe(seconds: number): void }>;
  private readonly evaluationsBy: LabelledChildren<[string, string], { inc(): void }>;
  private readonly normalizeBy: LabelledChildren<[string], { observe(seconds: number): void }>;

  /** One HTTP request answered, by method, route pattern and status. */
  served(method: string, route: string, status: number, seconds: number): void {
    this.requestsBy.of(method, route, status).observe(seconds);
  }

  /** One evaluation of `mapping` (a saved mapping's id, or "(ad-hoc)") with its outcome. */
  evaluated(mapping: string, outcome: string): void {
    this.evaluationsBy.of(mapping, outcome).inc();
  }

  /** One normalisation of an input of media type `essence` (an installed normaliser's: a bounded set). */
  normalized(essence: string, seconds: number): void {
    this.normalizeBy.of(essence).observe(seconds);
  }
}

/** What the state gauges read at scrape time (the service's own parts). */
export interface MetricsSources {
  readonly warmup: Warmup;
  readonly lifecycle: Lifecycle;
  readonly mappings: MappingCache;
}

/** Figures read from the services at scrape time: nothing on the request path. */
function stateGauges(client: PromClient, registry: RegistryT, services: () => MetricsSources): void {
  const registers = [registry];
  new client.Gauge({
    name: 'mapx_warming_up',
    help: '1 while warm-up runs',
    registers,
    collect() {
      this.set(services().warmup.state().warming_up ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'mapx_warmup_failed',
    help: '1 when a warm-up task failed (GET /health says DEGRADED)',
    registers,
    collect() {
      this.set(services().warmup.state().warming_up_error ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'mapx_draining',
    help: '1 once SIGTERM started the drain',
    registers,
    collect() {
      this.set(services().lifecycle.draining ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'mapx_mapping_cache_entries',
    help: 'Saved mappings in the cache',
    registers,
    collect() {
      this.set(services().mappings.current().mappings.size);
    },
  });
  new client.Counter({
    name: 'mapx_mapping_reloads_total',
    help: 'Reloads of the mapping cache from its stores, by outcome (ok, failed)',
    labelNames: ['outcome'],
    registers,
    collect() {
      const { ok, failed } = services().mappings.reloads;
      this.reset();
      this.inc({ outcome: 'ok' }, ok);
      this.inc({ outcome: 'failed' }, failed);
    },
  });
}
