import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PluginError, type Listener, type PluginContext } from '@mapx/plugin-api';
import type { FhirClientOptions } from '@mapx/fhir-client';
import { deadLetterDir, listenHost, ndjsonFile, type MllpOptions } from './options.js';
import { parseAllowList } from './server/admission.js';
import { loadRoutes } from './routes/load-routes.js';
import { NO_DELIVERY, type Delivery } from './delivery/delivery.js';
import { fhirDelivery } from './delivery/fhir-delivery.js';
import { ndjsonSink } from './delivery/ndjson-sink.js';
import { DeadLetterFolder } from './delivery/dead-letter.js';
import { ListenerStats } from './server/listener-stats.js';
import { mllpListener, type TlsMaterial } from './server/mllp-listener.js';

const PACKAGE = '@mapx/listener-mllp';

/** The listener for validated options; null without MLLP_PORT. Bad routes or TLS files stop start-up. */
export function createMllpListener(options: MllpOptions, ctx: PluginContext): Listener | null {
  if (options.port === undefined) return null;
  const routes = loadRoutes(options.routesFile!);
  const stats = new ListenerStats();
  const tls = tlsMaterial(options);
  const delivery = deliveryFor(options, stats);
  ctx.logger.info(`MLLP: ${routes.routes.length} route(s), delivery ${delivery.target}`);
  return mllpListener({
    port: options.port,
    host: listenHost(options),
    ...(tls ? { tls } : {}),
    ...(options.allow ? { allow: parseAllowList(options.allow) } : {}),
    routes,
    delivery,
    deadLetters: new DeadLetterFolder(deadLetterDir(options), {
      maxBytes: options.deadLetterMaxBytes,
      maxFiles: options.deadLetterMaxFiles,
    }),
    stats,
    maxMessageBytes: options.maxMessageBytes,
    maxConnections: options.maxConnections,
    maxConnectionsPerAddress: options.maxConnectionsPerAddress,
    idleTimeoutMs: options.idleTimeoutMs,
    tlsHandshakeTimeoutMs: options.tlsHandshakeTimeoutMs,
  });
}

function deliveryFor(o: MllpOptions, stats: ListenerStats): Delivery {
  const fhir = fhirOptions(o, stats);
  const kind = o.delivery ?? (fhir ? 'fhir' : 'ndjson');
  if (kind === 'none') return NO_DELIVERY;
  if (kind === 'ndjson') {
    // patient data: a folder the listener creates is for the service's user only
    mkdirSync(dirname(ndjsonFile(o)), { recursive: true, mode: 0o700 });
    return ndjsonSink(ndjsonFile(o));
  }
  return fhirDelivery(fhir!);
}

/** MLLP_FHIR_BASE (bearer token optional), else the service's FHIR server with its own credentials. */
function fhirOptions(o: MllpOptions, stats: ListenerStats): FhirClientOptions | undefined {
  const retry = { retries: o.retries, baseDelayMs: o.backoffMs, onRetry: () => stats.onRetry() };
  if (o.fhirBase) {
    return {
      baseUrl: o.fhirBase,
      ...(o.fhirToken ? { authType: 'BEARER' as const, token: o.fhirToken } : {}),
      timeoutMs: o.timeoutMs,
      retry,
    };
  }
  if (!o.serviceFhirBase) return undefined;
  const basic = o.serviceFhirAuth?.toUpperCase() === 'BASIC';
  return {
    baseUrl: o.serviceFhirBase,
    ...(basic
      ? { authType: 'BASIC' as const, username: o.serviceFhirUser, password: o.serviceFhirPassword }
      : {}),
    timeoutMs: o.timeoutMs,
    retry,
  };
}

function tlsMaterial(o: MllpOptions): TlsMaterial | undefined {
  if (!o.tlsCert || !o.tlsKey) return undefined;
  return {
    cert: readTlsFile(o.tlsCert, 'MLLP_TLS_CERT'),
    key: readTlsFile(o.tlsKey, 'MLLP_TLS_KEY'),
    ...(o.tlsCa ? { ca: readTlsFile(o.tlsCa, 'MLLP_TLS_CA') } : {}),
  };
}

function readTlsFile(path: string, variable: string): Buffer {
  try {
    return readFileSync(path);
  } catch (cause) {
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new PluginError('MLLP_TLS_UNREADABLE', `${variable} ${path} cannot be read: ${why}`, PACKAGE, {
      cause,
    });
  }
}
