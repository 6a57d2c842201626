import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FhirRouter, MemoryRepository } from '@medplum/fhir-router';
import { createHttpAdapter } from './http-adapter.js';
import { ensureMedplumSchema } from './medplum-schema.js';

export interface FhirTestServerOptions {
  /** When set, every request must carry these credentials (401 otherwise). */
  basicAuth?: { username: string; password: string };
  /** Delay before each response is handled, to provoke client timeouts. */
  delayMs?: number;
  /** Path of the FHIR base on the server; default `/fhir`. */
  basePath?: string;
}

export interface RecordedRequest {
  method: string;
  url: string;
  hasAuthorization: boolean;
}

export interface FhirTestServer {
  /** E.g. `http://127.0.0.1:40123/fhir` (no trailing slash). */
  baseUrl: string;
  /** The in-memory repository; seed it directly (`repo.createResource`, `repo.updateResource`). */
  repo: MemoryRepository;
  /** Every request received, oldest first (never the credentials themselves). */
  requests: RecordedRequest[];
  setDelayMs(ms: number): void;
  close(): Promise<void>;
}

/**
 * Starts a real FHIR R4 server (Medplum's router over a MemoryRepository) on 127.0.0.1 with an
 * ephemeral port. Search semantics are looser than FHIR; see design/fhir-test-server.md §6.
 */
export async function startFhirTestServer(options: FhirTestServerOptions = {}): Promise<FhirTestServer> {
  ensureMedplumSchema();
  const basePath = options.basePath ?? '/fhir';
  const repo = new MemoryRepository();
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let delayMs = options.delayMs ?? 0;
  let origin = '';
  const handle = createHttpAdapter({
    router: new FhirRouter(),
    repo,
    origin: () => origin,
    basePath,
    basicAuth: options.basicAuth,
  });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      hasAuthorization: !!req.headers.authorization,
    });
    if (delayMs <= 0) return void handle(req, res);
    const timer = setTimeout(() => {
      timers.delete(timer);
      void handle(req, res);
    }, delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}${basePath}`,
    repo,
    requests,
    setDelayMs: (ms) => void (delayMs = ms),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
