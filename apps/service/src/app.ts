import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { fastify } from './http/fastify-module.js';
import type { Logger } from 'pino';
import type { AppConfig } from './config/app-config.js';
import type { ServiceRuntime } from './runtime.js';
import {
  WARMUP_EVAL_POOL,
  WARMUP_FHIR,
  WARMUP_MAPPINGS,
  type MapxServices,
  type RouteRecord,
} from './services.js';
import { Warmup } from './warmup/warmup.js';
import type { PrestartedPool } from './warmup/prestarted-pool.js';
import { MappingCache } from './mappings/mapping-cache.js';
import { BUILT_IN_STORE_ID, pickWritableStore, orderStores } from './mappings/store-order.js';
import { watchStores } from './mappings/watch-stores.js';
import { InputDispatcher } from './normalize/input-dispatcher.js';
import { registerHostFunctions } from './eval/host-functions.js';
import { createServiceEngine } from './eval/service-engine.js';
import { InlineEvaluation } from './eval/inline-evaluation.js';
import { EvalPool } from './isolation/eval-pool.js';
import { installErrorHandling } from './http/error-handling.js';
import { installRequestTargetCheck } from './http/request-target.js';
import { installCors } from './http/cors.js';
import { requestLoggingOptions } from './http/request-logging.js';
import { lazySchemaCompilers } from './http/lazy-schema-compilers.js';
import { installJsonParsers } from './http/json-parsers.js';
import { registerRoutes } from './routes/register-routes.js';
import { installEditionGate } from './routes/edition-only.js';
import { Lifecycle } from './lifecycle/lifecycle.js';
import { installDrainHooks } from './lifecycle/drain-hooks.js';
import { ServiceMetrics } from './metrics/service-metrics.js';
import { installMetrics } from './metrics/metrics-hooks.js';
import { stopListeners } from './listeners/start-listeners.js';

/**
 * The router's options, one constant so a test can route with exactly what the service routes with
 * (`useSemicolonDelimiter` stays false: a `;` is part of a segment for the router and the auth policy alike).
 */
export const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 2048 } as const;

export interface BuildAppOptions {
  readonly logger: Logger;
  /** The evaluation pool, started already (`serve`); without it the pool starts with warm-up. */
  readonly evalPool?: PrestartedPool;
}

/** Assembles the service. Never listens: `main.ts` does, tests use `inject()`. */
export async function buildApp(
  config: AppConfig,
  runtime: ServiceRuntime,
  options: BuildAppOptions,
): Promise<FastifyInstance> {
  const app: FastifyInstance = fastify()({
    loggerInstance: options.logger as FastifyBaseLogger,
    bodyLimit: config.server.bodyLimit,
    // a request that reached this process before its listener closed is served, not refused: the balancer
    // could not know it was late (every response while draining closes its connection, so none follow it)
    return503OnClosing: false,
    ...requestLoggingOptions(options.logger),
    schemaController: { compilersFactory: lazySchemaCompilers() },
    routerOptions: ROUTER_OPTIONS,
  });
  app.decorate('mapx', buildServices(config, runtime, options.logger, options.evalPool));
  const routes: RouteRecord[] = [];
  app.decorate('mapxRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  for (const warning of config.warnings) app.log.warn(warning);
  installRequestTargetCheck(app);
  installEditionGate(app, config.edition);
  installErrorHandling(app);
  installCors(app);
  installJsonParsers(app);
  installDrainHooks(app, app.mapx.lifecycle);
  installMetrics(app, app.mapx.metrics);
  await registerRoutes(app);
  const stopWatching = watchStores(app.mapx.plugins.stores, app.mapx.mappings, options.logger);
  app.addHook('onReady', async () => {
    void app.mapx.warmup.start();
  });
  app.addHook('onClose', async () => {
    stopWatching();
    // listeners drain first: their in-flight messages still need the evaluation workers
    await stopListeners(app);
    await Promise.allSettled([
      app.mapx.evalPool?.close(),
      ...runtime.plugins.stores.map((s) => s.store.close()),
      runtime.plugins.auth?.close(),
    ]);
  });
  return app;
}

function buildServices(
  config: AppConfig,
  runtime: ServiceRuntime,
  logger: Logger,
  prestarted: PrestartedPool | undefined,
): MapxServices {
  // the metrics read the services at scrape time; they exist by then
  const built: { services?: MapxServices } = {};
  const metrics = config.server.metrics
    ? new ServiceMetrics(() => built.services as MapxServices)
    : undefined;
  const warmup = new Warmup(config.warmup.enabled);
  warmup.add(WARMUP_FHIR, () => runtime.fhir.load());
  const stores = orderStores(runtime.plugins.stores);
  const mappings = new MappingCache(
    stores.map((s) => s.store),
    (view) => runtime.fhir.setExternalConceptMaps(view.conceptMaps),
    stores.find((s) => s.id === BUILT_IN_STORE_ID)?.store,
  );
  if (mappings.configured) warmup.add(WARMUP_MAPPINGS, async () => void (await mappings.reload()));
  const dispatcher = new InputDispatcher(
    runtime.plugins.normalizers,
    config.input.defaultCharset,
    metrics && ((essence, seconds) => metrics.normalized(essence, seconds)),
  );
  const { engine, serverConceptMaps } = createServiceEngine(
    config,
    runtime.fhir,
    logger.child({ component: 'engine' }),
  );
  registerHostFunctions(engine, dispatcher);
  const evalPool = evalPoolOf(config, warmup, logger, prestarted);
  const services: MapxServices = {
    config,
    startedAt: Date.now(),
    warmup,
    fhir: runtime.fhir,
    engine,
    dispatcher,
    mappings,
    plugins: runtime.plugins,
    writableStore: pickWritableStore(stores, config.mappings.primaryWritableStore),
    serverConceptMaps,
    evalPool,
    inline: evalPool ? new InlineEvaluation(engine, config) : undefined,
    lifecycle: new Lifecycle(),
    metrics,
  };
  built.services = services;
  return services;
}

/**
 * The worker threads load their modules while this thread builds the service (`serve` started them) or, without a
 * prestarted pool, while it loads the FHIR packages; they read the packages once they are in the cache.
 */
function evalPoolOf(
  config: AppConfig,
  warmup: Warmup,
  logger: Logger,
  prestarted: PrestartedPool | undefined,
): EvalPool | undefined {
  if (prestarted) {
    // main's package load starts now rather than with the other warm-up tasks once listening: the first thread
    // reads the packages once main has, and it waited for this while main still built its plugins and routes
    prestarted.fhirLoaded(warmup.need(WARMUP_FHIR));
    warmup.add(WARMUP_EVAL_POOL, () => prestarted.ready);
    return prestarted.pool;
  }
  if (config.eval.isolation !== 'worker') return undefined;
  const pool = new EvalPool(config, logger.child({ component: 'eval-pool' }));
  warmup.add(WARMUP_EVAL_POOL, () => pool.start(warmup.need(WARMUP_FHIR)));
  return pool;
}
