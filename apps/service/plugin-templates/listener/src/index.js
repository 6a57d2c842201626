// @ts-check
import { createServer } from 'node:net';
import { defineListener } from '@mapx/plugin-api';

const MAX_LINE_BYTES = 1024 * 1024;
const ID_PATTERN = /^[A-Za-z0-9\-.]{1,64}$/;

/** @typedef {{ port: number | undefined, host: string, mapping: string, contentType: string }} Options */

/**
 * Any Standard Schema validator works (zod 4, valibot, …); this one is written by hand to keep the starter
 * dependency-free. Options come from `__ENV_PREFIX___PORT`, `__ENV_PREFIX___HOST`, `__ENV_PREFIX___MAPPING`.
 * @type {import('@mapx/plugin-api').StandardSchemaV1<unknown, Options>}
 */
const optionsSchema = {
  '~standard': {
    version: 1,
    vendor: '__PACKAGE_NAME__',
    validate(raw) {
      const given = /** @type {Record<string, unknown>} */ (raw ?? {});
      const port = given.port === undefined || given.port === '' ? undefined : Number(given.port);
      if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
        return { issues: [{ message: 'expected a TCP port (0–65535)', path: ['port'] }] };
      }
      const mapping = typeof given.mapping === 'string' ? given.mapping : '';
      if (port !== undefined && !ID_PATTERN.test(mapping)) {
        return { issues: [{ message: 'expected the id of a saved mapping', path: ['mapping'] }] };
      }
      const host = typeof given.host === 'string' && given.host !== '' ? given.host : '127.0.0.1';
      const contentType = typeof given.contentType === 'string' ? given.contentType : 'application/json';
      return { value: { port, host, mapping, contentType } };
    },
  },
};

export default defineListener({
  meta: {
    packageName: '__PACKAGE_NAME__',
    version: '0.1.0',
    id: '__PLUGIN_ID__',
    apiVersion: 1,
    description: 'newline-delimited messages over TCP',
  },
  optionsSchema,
  optionsFromEnv: (env) => ({
    port: env.__ENV_PREFIX___PORT,
    host: env.__ENV_PREFIX___HOST,
    mapping: env.__ENV_PREFIX___MAPPING,
  }),
  // null: no port configured, the service runs without this listener
  create: async (options) => (options.port === undefined ? null : lineListener(options)),
});

/**
 * Each line a client sends is one message: the saved mapping runs on it and the answer is one JSON line,
 * `{"ok":true,"result":…}` or `{"ok":false,"code":…,"message":…}`, in the order the lines came.
 * @param {Options} options
 * @returns {import('@mapx/plugin-api').Listener}
 */
function lineListener(options) {
  /** @type {import('node:net').Server | undefined} */
  let server;
  /** @type {'starting' | 'listening' | 'draining' | 'stopped'} */
  let status = 'starting';
  /** @type {Set<Promise<void>>} */
  const inFlight = new Set();
  let received = 0;
  return {
    async start(host) {
      const messages = host.metrics.counter('lines_total', 'Lines received, by outcome', ['outcome']);
      /** @param {Buffer} line */
      const handle = async (line) => {
        received += 1;
        const outcome = await host.evaluate(options.mapping, {
          contentType: options.contentType,
          bytes: line,
        });
        messages.inc({ outcome: outcome.ok ? 'ok' : 'error' });
        return outcome.ok
          ? { ok: true, result: outcome.result ?? null }
          : { ok: false, code: outcome.code, message: outcome.message };
      };
      server = createServer((socket) => serveConnection(socket, handle, inFlight));
      await new Promise((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(options.port, options.host, () => resolve(undefined));
      });
      status = 'listening';
      host.logger.info({ port: listeningPort(server) }, `__PLUGIN_ID__ listener on ${options.host}`);
    },
    async stop() {
      status = 'draining';
      const closed = new Promise((resolve) =>
        server ? server.close(() => resolve(undefined)) : resolve(undefined),
      );
      await Promise.all(inFlight);
      await closed;
      status = 'stopped';
    },
    state: () => ({ id: '__PLUGIN_ID__', status, port: listeningPort(server), received }),
  };
}

/**
 * Lines of one connection are handled one after the other, so answers keep the order of the messages.
 * @param {import('node:net').Socket} socket
 * @param {(line: Buffer) => Promise<object>} handle
 * @param {Set<Promise<void>>} inFlight
 */
function serveConnection(socket, handle, inFlight) {
  let pending = Buffer.alloc(0);
  let chain = Promise.resolve();
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    let end;
    while ((end = pending.indexOf(10)) >= 0) {
      const line = pending.subarray(0, end);
      pending = pending.subarray(end + 1);
      if (line.length > 0) chain = queue(chain, () => answer(socket, handle, line), inFlight);
    }
    // a line longer than the bound would grow without end: refuse it and close the connection
    if (pending.length > MAX_LINE_BYTES) {
      socket.end(`${JSON.stringify({ ok: false, code: 'LINE_TOO_LONG', message: 'line over 1 MiB' })}\n`);
      pending = Buffer.alloc(0);
    }
  });
}

/**
 * @param {Promise<void>} chain
 * @param {() => Promise<void>} task
 * @param {Set<Promise<void>>} inFlight
 */
function queue(chain, task, inFlight) {
  const next = chain.then(task);
  inFlight.add(next);
  void next.finally(() => inFlight.delete(next));
  return next;
}

/**
 * @param {import('node:net').Socket} socket
 * @param {(line: Buffer) => Promise<object>} handle
 * @param {Buffer} line
 */
async function answer(socket, handle, line) {
  const reply = await handle(line);
  if (!socket.destroyed) socket.write(`${JSON.stringify(reply)}\n`);
}

/** @param {import('node:net').Server | undefined} server */
function listeningPort(server) {
  const address = server?.address();
  return address && typeof address === 'object' ? address.port : undefined;
}
