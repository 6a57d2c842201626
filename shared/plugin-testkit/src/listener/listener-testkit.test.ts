import { createServer, connect, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { defineListener, type Listener, type StandardSchemaV1 } from '@mapx/plugin-api';
import { createFakeListenerHost, instantiateListener } from './index.js';

interface LineOptions {
  readonly port: number | undefined;
}

const lineSchema: StandardSchemaV1<unknown, LineOptions> = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate(value) {
      const port = (value as { port?: unknown } | null)?.port;
      if (port === undefined || typeof port === 'number') return { value: { port } };
      return { issues: [{ message: 'expected a number', path: ['port'] }] };
    },
  },
};

/** A tiny listener: each line received over TCP runs mapping `echo`, the answer is the result as JSON. */
const lineListener = defineListener<LineOptions>({
  meta: { packageName: 'line-listener', version: '1.0.0', id: 'line', apiVersion: 1 },
  optionsSchema: lineSchema,
  create: async ({ port }) => (port === undefined ? null : lines(port)),
});

function lines(port: number): Listener {
  let server: Server | undefined;
  let status: 'starting' | 'listening' | 'stopped' = 'starting';
  return {
    async start(host) {
      const received = host.metrics.counter('lines_total', 'Lines received');
      server = createServer((socket) => {
        socket.on('data', async (chunk: Buffer) => {
          received.inc();
          const outcome = await host.evaluate('echo', { contentType: 'text/plain', bytes: chunk });
          socket.end(JSON.stringify(outcome.ok ? outcome.result : outcome.code));
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      status = 'listening';
    },
    async stop() {
      await new Promise<void>((resolve) => server?.close(() => resolve()));
      status = 'stopped';
    },
    state: () => ({ id: 'line', status, port: (server?.address() as AddressInfo | null)?.port }),
  };
}

describe('listener testkit', () => {
  it('instantiates with validated options; null when not configured; refuses bad options', async () => {
    expect(await instantiateListener(lineListener, {})).toBeNull();
    await expect(instantiateListener(lineListener, { port: 'x' })).rejects.toThrow(/expected a number/);
  });

  it('runs a listener against the fake host: evaluations and counters are recorded', async () => {
    const listener = (await instantiateListener(lineListener, { port: 0 }))!;
    const host = createFakeListenerHost((id, input) => ({
      ok: true,
      result: { mapping: id, text: Buffer.from(input.bytes).toString('utf8') },
      warnings: [],
    }));
    await listener.start(host);
    const port = listener.state().port as number;
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('hello'));
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('end', () => resolve(text));
    });
    await listener.stop();
    expect(JSON.parse(answer)).toEqual({ mapping: 'echo', text: 'hello' });
    expect(host.evaluations).toEqual([{ mappingId: 'echo', contentType: 'text/plain', text: 'hello' }]);
    expect(host.value('lines_total')).toBe(1);
    expect(listener.state().status).toBe('stopped');
  });
});
