import { createFhirClient } from '@mapx/fhir-client';
import {
  builtinAliases,
  createEngine,
  createServerConceptMapSource,
  type Engine,
  type EngineLogger,
  type ServerConceptMapSource,
} from '@mapx/engine';
import type { AppConfig } from '../config/app-config.js';
import type { FhirHolder } from '../context/fhir-holder.js';

export interface ServiceEngine {
  readonly engine: Engine;
  /** ConceptMaps looked up on the FHIR server by the terminology functions (flushed by recache). */
  readonly serverConceptMaps: ServerConceptMapSource | undefined;
}

/**
 * The engine as the service configures it: built once on the main thread and once in each evaluation worker
 * (`ownThread`: a thread that runs one task at a time, whose limits are enforced from outside it).
 */
export function createServiceEngine(
  config: AppConfig,
  fhir: FhirHolder,
  logger: EngineLogger,
  where: { ownThread?: boolean } = {},
): ServiceEngine {
  const fhirClient = createClient(config.fhirServer);
  const serverConceptMaps = fhirClient ? createServerConceptMapSource({ client: fhirClient }) : undefined;
  const engine = createEngine({
    services: { ...(fhirClient ? { fhirClient } : {}), ...(serverConceptMaps ? { serverConceptMaps } : {}) },
    fhir: () => fhir.get(),
    fhirUnavailableReason: () => fhir.unavailableReason(),
    cacheMaxEntries: config.eval.cacheMaxEntries,
    thresholds: config.eval.thresholds,
    limits: {
      timeoutMs: config.eval.timeoutMs,
      maxDepth: config.eval.maxDepth,
      maxExpressionLength: config.eval.maxExpressionLength,
      maxExpressionDepth: config.eval.maxExpressionDepth,
      maxStringLength: config.eval.maxStringLength,
      maxInputDepth: config.eval.maxInputDepth,
    },
    strictBooleans: config.eval.strictBooleans,
    logger,
    // built-in aliases are bound with or without a mapping source (decision §0 item 4), below the view's
    constants: builtinAliases,
    ownThread: where.ownThread === true,
  });
  return { engine, serverConceptMaps };
}

function createClient(server: AppConfig['fhirServer']) {
  if (!server.base) return undefined;
  return createFhirClient({
    baseUrl: server.base,
    authType: server.authType,
    ...(server.authType === 'BASIC' ? { username: server.username, password: server.password } : {}),
    timeoutMs: server.timeoutMs,
  });
}
