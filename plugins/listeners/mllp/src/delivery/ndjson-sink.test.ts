import { mkdirSync, mkdtempSync, readFileSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeliveryError } from './delivery.js';
import { ndjsonSink } from './ndjson-sink.js';

describe('NDJSON sink', () => {
  it('resolves each delivery only once its line is in the file, whole lines in delivery order', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mapx-ndjson-')), 'out', 'results.ndjson');
    const sink = ndjsonSink(file);
    const seenAtResolve: boolean[] = [];
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        sink.deliver({ resourceType: 'Patient', id: `p${i}` }).then(() => {
          seenAtResolve.push(readFileSync(file, 'utf8').includes(`"id":"p${i}"`));
        }),
      ),
    );
    await sink.close();
    expect(seenAtResolve).toHaveLength(200);
    expect(seenAtResolve.every(Boolean)).toBe(true);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(
      Array.from({ length: 200 }, (_, i) => `p${i}`),
    );
  });

  it('fails a delivery it cannot write with MLLP_DELIVERY_FAILED, and writes again once it can', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mapx-ndjson-')), 'results.ndjson');
    mkdirSync(file); // a folder where the file should be: open() fails
    const sink = ndjsonSink(file);
    const failed = await sink.deliver({ resourceType: 'Patient', id: 'a' }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(DeliveryError);
    expect((failed as DeliveryError).code).toBe('MLLP_DELIVERY_FAILED');
    expect((failed as DeliveryError).message).toContain(`writing ${file} failed: EISDIR`);
    rmdirSync(file);
    await sink.deliver({ resourceType: 'Patient', id: 'b' });
    await sink.close();
    expect(readFileSync(file, 'utf8')).toBe('{"resourceType":"Patient","id":"b"}\n');
  });
});
