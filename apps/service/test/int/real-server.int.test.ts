import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { once } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildService,
  MAIN,
  ROOT,
  spawnBuiltServer,
  startBuiltServer as startServer,
} from '../helpers/start-built-server.js';
import { plainNormalizerSource, writeTempPackage } from '../helpers/temp-package.js';

describe('the real server process over TCP', () => {
  beforeAll(() => buildService(), 180_000);

  it('serves health and evaluation, then shuts down gracefully on SIGTERM letting in-flight requests finish', async () => {
    const { child, port } = await startServer();
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBe('UP');

    const body = JSON.stringify({ mapx: 'a + 1', input: { a: 41 } });
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 200));
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.write(body.slice(10));
    await once(socket, 'end');
    const response = Buffer.concat(chunks).toString();
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response.split('\r\n\r\n')[1]).toBe('42');
    const [code] = await exited;
    expect(code).toBe(0);
  });

  it.each([
    ['one process', {}, 1],
    ['a cluster of two', { MAPX_WORKERS: '2' }, 2],
  ])(
    'stops with exit 0 when asked to while %s is still starting',
    async (_, env, processes) => {
      // a plugin that takes its time to load holds every process in start-up, before its routes exist (the
      // evaluation threads load it too: only each process's main thread says so)
      const slow = writeTempPackage('slow-start', {
        'index.js': `import { isMainThread } from 'node:worker_threads';
if (isMainThread) process.stdout.write('slow plugin loading\\n');
await new Promise((resolve) => setTimeout(resolve, 60_000));
${plainNormalizerSource('slow-start')}`,
      });
      const { child, output } = spawnBuiltServer({ MAPX_PLUGINS: slow, ...env });
      const exited = once(child, 'exit');
      await new Promise<void>((res) =>
        child.stdout?.on('data', () => {
          if (output.join('').split('slow plugin loading').length > processes) res();
        }),
      );
      child.kill('SIGTERM');
      const [code] = await exited;
      expect(code, output.join('')).toBe(0);
      expect(output.join('').match(/stopped during start-up/g)).toHaveLength(processes);
      expect(output.join('')).not.toContain('Server listening');
    },
    30_000,
  );

  it.each([
    ['one process', {}],
    ['a cluster of two', { MAPX_WORKERS: '2' }],
  ])(
    'starts %s with V8 and process-wide options on the node command line and evaluates in its threads',
    async (_, env) => {
      // options an operator adds to size the heap and V8's helper threads; a thread's own options cannot carry them
      const args = ['--max-old-space-size=512', '--max-semi-space-size=8', '--v8-pool-size=2'];
      const { stop, baseUrl, stdout } = await startServer({ MAPX_EVAL_THREADS: '2', ...env }, args);
      try {
        // a variable binding is not provably bounded: it is evaluated in an evaluation thread
        const res = await fetch(`${baseUrl}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mapx: '($x := a; $x + 1)', input: { a: 41 } }),
        });
        expect(res.status, stdout.join('')).toBe(200);
        expect(await res.json()).toBe(42);
        expect(stdout.join('')).not.toContain('invalid execArgv');
      } finally {
        const code = await stop();
        expect(code, stdout.join('')).toBe(0);
      }
    },
    60_000,
  );

  it('refuses to start on invalid configuration, naming the variable and the accepted values', async () => {
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { ...process.env, SERVER_PORT: 'abc' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('SERVER_PORT: expected an integer from 0 to 65535 (got "abc")');
  });
});
