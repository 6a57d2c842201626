import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BufferPool, MIN_BYTES } from '../../src/isolation/batch-buffers.js';
import type { BatchRequest } from '../../src/isolation/batch-task.js';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

/** Each input becomes a transaction Bundle of a Patient and an Encounter: split, two texts per batch. */
const MAPPING = `{"resourceType": "Bundle", "type": "transaction", "entry": [
  {"resource": {"resourceType": "Patient", "id": id, "name": [{"family": family}]}, "request": {"method": "PUT", "url": "Patient/" & id}},
  {"resource": {"resourceType": "Encounter", "id": id & "-e", "status": "finished"}, "request": {"method": "PUT", "url": "Encounter/" & id & "-e"}}
]}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAPX_EVAL_ISOLATION: 'worker', MAPX_EVAL_THREADS: '1' });
  await warmedUp(t.app);
});
afterAll(() => t.close());

function request(pool: BufferPool, inputs: readonly object[], spares: ArrayBuffer[]): BatchRequest {
  const encoded = inputs.map((i) => new TextEncoder().encode(JSON.stringify(i)));
  const total = encoded.reduce((n, e) => n + e.length, 0);
  const bytes = new Uint8Array(pool.take(total), 0, total);
  const ends: number[] = [];
  let at = 0;
  for (const e of encoded) ends.push((bytes.set(e, at), (at += e.length)));
  return {
    source: MAPPING,
    bytes,
    ends,
    contentTypes: ['application/json'],
    shape: 'split',
    exclusive: true,
    spares,
  };
}

describe('a batch in lent buffers (mapx run)', () => {
  it('writes each type into the smallest spare it fits, and hands back the input and the spares left', async () => {
    const pool = new BufferPool(16);
    const names = ['Zoë', 'Ωmega', 'Lee'];
    const spares = [
      new ArrayBuffer(3 * MIN_BYTES),
      new ArrayBuffer(MIN_BYTES),
      new ArrayBuffer(2 * MIN_BYTES),
    ];
    const batch = request(
      pool,
      names.map((family, i) => ({ id: `p${i}`, family })),
      spares,
    );
    const result = await t.app.mapx.evalPool!.runBatch(batch, t.app.mapx.mappings.current());
    if ('failed' in result) throw new Error(JSON.stringify(result.failed));
    // moved, not copied: main's views of what it lent are empty now
    expect(batch.bytes.byteLength).toBe(0);
    expect(spares.map((s) => s.byteLength)).toEqual([0, 0, 0]);
    const texts = Object.fromEntries(result.texts.map(([type, text, lines]) => [type, { text, lines }]));
    expect(Object.keys(texts).sort()).toEqual(['Encounter', 'Patient']);
    const patients = new TextDecoder().decode(texts['Patient']!.text).trimEnd().split('\n');
    expect(
      patients.map((l) => JSON.parse(l) as { name: Array<{ family: string }> }).map((p) => p.name[0]!.family),
    ).toEqual(names);
    expect(texts['Encounter']!.lines).toBe(3);
    // the two smallest spares took the two texts; the largest and the input's buffer came back
    expect(result.texts.map(([, text]) => text.buffer.byteLength).sort((a, b) => a - b)).toEqual([
      MIN_BYTES,
      2 * MIN_BYTES,
    ]);
    expect(result.buffers?.map((b) => b.byteLength).sort((a, b) => a - b)).toEqual([
      MIN_BYTES,
      3 * MIN_BYTES,
    ]);
    // all of it can be lent again: what came back at once, the texts once written
    pool.received(result);
    expect(pool.size).toBe(2);
    for (const [, text] of result.texts) pool.give(text.buffer);
    expect(pool.size).toBe(4);
  });

  it('puts the output in new buffers main can reuse when none are lent', async () => {
    const pool = new BufferPool(16);
    const result = await t.app.mapx.evalPool!.runBatch(
      request(pool, [{ id: 'a', family: 'One' }], []),
      t.app.mapx.mappings.current(),
    );
    if ('failed' in result) throw new Error(JSON.stringify(result.failed));
    for (const [, text] of result.texts) expect(text.buffer.byteLength).toBe(MIN_BYTES);
    expect(result.buffers?.map((b) => b.byteLength)).toEqual([MIN_BYTES]);
  });
});

describe('BufferPool', () => {
  it('lends the smallest free buffer that fits, or a new one of at least its minimum', () => {
    const pool = new BufferPool(8);
    const [a, b] = [pool.take(2 * MIN_BYTES), pool.take(MIN_BYTES)];
    expect([a.byteLength, b.byteLength]).toEqual([2 * MIN_BYTES, MIN_BYTES]);
    pool.give(a);
    pool.give(b);
    expect(pool.take(100)).toBe(b);
    expect(pool.take(MIN_BYTES + 1)).toBe(a);
    expect(pool.take(10).byteLength).toBe(MIN_BYTES);
    expect(pool.take(5 * MIN_BYTES).byteLength).toBe(5 * MIN_BYTES);
  });

  it('keeps only its own buffers: none it did not make or receive, whatever its size, and none moved away', () => {
    const pool = new BufferPool(2);
    // Node's pool of small Buffers hands out views of shared slabs: moving one away would empty its sharers
    pool.give(Buffer.from('small').buffer);
    pool.give(Buffer.allocUnsafe(2 * MIN_BYTES).buffer);
    pool.give(new ArrayBuffer(MIN_BYTES));
    pool.give(new SharedArrayBuffer(MIN_BYTES));
    const moved = pool.take(MIN_BYTES);
    const channel = new MessageChannel();
    channel.port1.postMessage(moved, [moved]);
    channel.port1.close();
    expect(moved.byteLength).toBe(0);
    pool.give(moved);
    pool.give(pool.take(64 * MIN_BYTES + 1));
    expect(pool.size).toBe(0);
    const kept = pool.take(MIN_BYTES);
    pool.give(kept);
    pool.give(kept);
    expect(pool.size).toBe(1);
    pool.give(pool.take(MIN_BYTES + 1));
    pool.give(pool.take(MIN_BYTES + 2));
    expect(pool.size).toBe(2);
    expect(pool.spares(5)).toHaveLength(2);
    expect(pool.size).toBe(0);
  });
});
