import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  createFakeListenerHost,
  instantiateListener,
  validatePluginOptions,
} from '@mapx/plugin-testkit/listener';
import plugin from '../src/index.js';

/** Sends lines over one connection and resolves with the first `count` answer lines. */
function exchange(port, lines, count) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      const answers = text.split('\n').filter(Boolean);
      if (answers.length >= count) {
        socket.end();
        resolve(answers.slice(0, count).map((a) => JSON.parse(a)));
      }
    });
    socket.write(lines.map((l) => `${l}\n`).join(''));
  });
}

describe('__PACKAGE_NAME__', () => {
  it('is not configured without a port', async () => {
    expect(await instantiateListener(plugin, {})).toBeNull();
  });

  it('refuses bad options the way the service does', async () => {
    expect(await validatePluginOptions(plugin, { port: 'x', mapping: 'm' })).toMatchObject({ ok: false });
    expect(await validatePluginOptions(plugin, { port: 0 })).toMatchObject({ ok: false, paths: ['mapping'] });
  });

  it('maps each line with the saved mapping and answers in order, with coded failures', async () => {
    const listener = await instantiateListener(plugin, { port: 0, mapping: 'greet' });
    const host = createFakeListenerHost((mappingId, input) => {
      const body = JSON.parse(Buffer.from(input.bytes).toString('utf8'));
      return body.name
        ? { ok: true, result: { mappingId, hello: body.name }, warnings: [] }
        : { ok: false, status: 422, code: 'NO_NAME', message: 'no name', inputRejected: false };
    });
    await listener.start(host);
    const { port } = listener.state();
    const answers = await exchange(port, ['{"name":"Dana"}', '{}', '{"name":"Ari"}'], 3);
    expect(answers).toEqual([
      { ok: true, result: { mappingId: 'greet', hello: 'Dana' } },
      { ok: false, code: 'NO_NAME', message: 'no name' },
      { ok: true, result: { mappingId: 'greet', hello: 'Ari' } },
    ]);
    expect(host.evaluations.map((e) => e.contentType)).toEqual(Array(3).fill('application/json'));
    expect(host.value('lines_total', { outcome: 'ok' })).toBe(2);
    expect(host.value('lines_total', { outcome: 'error' })).toBe(1);
    await listener.stop();
    expect(listener.state()).toMatchObject({ status: 'stopped', received: 3 });
  });
});
