import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface LoopbackServer {
  baseUrl: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** A tiny HTTP server on 127.0.0.1 that answers with `handle` and records every request it received. */
export async function startLoopback(
  handle: (req: SeenRequest, res: ServerResponse, count: number) => void,
): Promise<LoopbackServer> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
      seen.push(entry);
      handle(entry, res, seen.length);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/fhir+json', ...headers });
  res.end(JSON.stringify(body));
}

export const outcome = (text: string) => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code: 'transient', diagnostics: text }],
});

/** A loopback port nothing listens on (bound, then closed): a connection to it is refused. */
export async function closedPort(): Promise<number> {
  const srv = createTcpServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}
