import { createServer as createTcpServer, type BlockList, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer, type TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import type { Listener, ListenerState } from '@mapx/plugin-api';
import type { RouteTable } from '../routes/route-table.js';
import type { Delivery } from '../delivery/delivery.js';
import type { DeadLetterFolder } from '../delivery/dead-letter.js';
import type { ListenerStats } from './listener-stats.js';
import { MllpConnection } from './mllp-connection.js';
import { Admission, plainAddress } from './admission.js';
import { isLoopback } from './loopback.js';
import type { Pipeline } from './process-message.js';

export interface TlsMaterial {
  readonly cert: Buffer;
  readonly key: Buffer;
  readonly ca?: Buffer;
}

export interface MllpListenerConfig {
  readonly port: number;
  readonly host: string;
  readonly tls?: TlsMaterial;
  readonly routes: RouteTable;
  readonly delivery: Delivery;
  readonly deadLetters: DeadLetterFolder;
  readonly stats: ListenerStats;
  readonly maxMessageBytes: number;
  readonly maxConnections: number;
  readonly maxConnectionsPerAddress: number;
  /** Sender addresses allowed to connect; absent → any. */
  readonly allow?: BlockList;
  readonly idleTimeoutMs: number;
  readonly tlsHandshakeTimeoutMs: number;
}

/** The MLLP listener: a TCP (or TLS) server whose connections map, deliver and acknowledge messages. */
export function mllpListener(config: MllpListenerConfig): Listener {
  let status: ListenerState['status'] = 'starting';
  let server: Server | undefined;
  const connections = new Set<MllpConnection>();
  return {
    async start(host) {
      config.stats.register(host.metrics);
      const pipeline: Pipeline = { ...config, host, draining: () => status !== 'listening' };
      const admission = new Admission(
        config.allow,
        config.maxConnectionsPerAddress,
        config.stats,
        () => host.logger,
      );
      const limits = { maxMessageBytes: config.maxMessageBytes, idleTimeoutMs: config.idleTimeoutMs };
      server = createServer(config, (socket) => {
        const connection = new MllpConnection(socket, pipeline, limits);
        connections.add(connection);
        socket.once('close', () => connections.delete(connection));
      });
      server.maxConnections = config.maxConnections;
      // the raw socket, as accepted: refused here, nothing of it is read (nor a TLS handshake begun)
      server.on('connection', (socket: Socket) => {
        admission.admit(socket);
      });
      server.on('drop', (data?: { remoteAddress?: string }) =>
        admission.refused('max_connections', plainAddress(data?.remoteAddress)),
      );
      // with a listener the server leaves the socket open: a handshake that failed or timed out is closed here
      server.on('tlsClientError', (err: Error & { code?: string }, socket: TLSSocket) => {
        admission.refused('tls_handshake', plainAddress(socket.remoteAddress), err.code ?? err.message);
        socket.destroy();
      });
      await listen(server, config.port, config.host);
      status = 'listening';
      if (!isLoopback(config.host) && !config.tls?.ca)
        host.logger.warn(
          { host: config.host, allow: !!config.allow },
          `MLLP listens on ${config.host} without mutual TLS: anyone who reaches the port has messages mapped ` +
            `and delivered with the service's credentials. Bind it to loopback (MLLP_HOST), restrict senders ` +
            `(MLLP_ALLOW) or require client certificates (MLLP_TLS_CA)`,
        );
      host.logger.info(
        { port: boundPort(server), tls: !!config.tls, delivery: config.delivery.target },
        `MLLP listener on ${config.host}:${boundPort(server)}${config.tls ? ' (TLS)' : ''}`,
      );
    },
    async stop() {
      if (status === 'stopped') return;
      status = 'draining';
      const closed = server ? new Promise<void>((resolve) => server!.close(() => resolve())) : undefined;
      await Promise.all([...connections].map((c) => c.drain()));
      await closed;
      await config.delivery.close();
      status = 'stopped';
    },
    state() {
      return {
        id: 'mllp',
        status,
        ...(server?.listening ? { port: boundPort(server) } : {}),
        host: config.host,
        tls: !!config.tls,
        connections: connections.size,
        routes: config.routes.routes.length + (config.routes.defaultMapping ? 1 : 0),
        delivery: config.delivery.target,
        dead_letter_dir: config.deadLetters.dir,
        messages: { ...config.stats.counts },
        connections_refused: config.stats.connections.refused,
        connections_closed: config.stats.connections.closed,
      };
    },
  };
}

function createServer(config: MllpListenerConfig, onSocket: (socket: Socket) => void): Server {
  if (!config.tls) return createTcpServer(onSocket);
  const { cert, key, ca } = config.tls;
  return createTlsServer(
    {
      cert,
      key,
      handshakeTimeout: config.tlsHandshakeTimeoutMs,
      ...(ca ? { ca, requestCert: true, rejectUnauthorized: true } : {}),
    },
    onSocket,
  );
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function boundPort(server: Server): number {
  return (server.address() as AddressInfo).port;
}
