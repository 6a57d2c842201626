import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { AddressInfo } from 'node:net';
import type { Listener, ListenerState } from '@mapx/plugin-api';
import type { RouteTable } from '../routes/route-table.js';
import type { Delivery } from '../delivery/delivery.js';
import type { DeadLetterFolder } from '../delivery/dead-letter.js';
import type { ListenerStats } from './listener-stats.js';
import { MllpConnection } from './mllp-connection.js';
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
      server = createServer(config, (socket) => {
        const connection = new MllpConnection(socket, pipeline, config.maxMessageBytes);
        connections.add(connection);
        socket.once('close', () => connections.delete(connection));
      });
      server.maxConnections = config.maxConnections;
      await listen(server, config.port, config.host);
      status = 'listening';
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
      };
    },
  };
}

function createServer(config: MllpListenerConfig, onSocket: (socket: Socket) => void): Server {
  if (!config.tls) return createTcpServer(onSocket);
  const { cert, key, ca } = config.tls;
  return createTlsServer(
    { cert, key, ...(ca ? { ca, requestCert: true, rejectUnauthorized: true } : {}) },
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
