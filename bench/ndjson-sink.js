// The cost of "durable before acknowledged" for the MLLP listener's NDJSON delivery: the sink (each delivery
// resolves after its line is written and fsynced, group commit across connections) against the same appends
// without fsync, alternated in one process. 4 "connections" each deliver 500 Bundle-sized lines one after
// another, as the listener does. Prints lines/s and the mean wait of one delivery per variant and round.
// Run `npm run build` first (it reads plugins/listeners/mllp/dist).
import { mkdtempSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ndjsonSink } from '../plugins/listeners/mllp/dist/delivery/ndjson-sink.js';

const CONNECTIONS = 4;
const PER_CONNECTION = Number(process.env.BENCH_LINES ?? 500);
const dir = mkdtempSync(join(tmpdir(), 'mapx-bench-ndjson-'));
const result = {
  resourceType: 'Bundle',
  type: 'transaction',
  entry: Array.from({ length: 6 }, (_, i) => ({
    resource: { resourceType: 'Patient', id: `p${i}`, name: [{ family: 'Doe' }] },
  })),
};

/** Appends without fsync: what the sink did before it promised durability. */
function plainSink(file) {
  let handle;
  let tail = Promise.resolve();
  return {
    deliver(value) {
      const line = `${JSON.stringify(value)}\n`;
      const done = tail.then(async () => {
        handle ??= await open(file, 'a');
        await handle.write(line);
      });
      tail = done.catch(() => undefined);
      return done;
    },
    close: async () => {
      await tail;
      await handle?.close();
    },
  };
}

async function run(sink) {
  const started = performance.now();
  let waited = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let i = 0; i < PER_CONNECTION; i++) {
        const t0 = performance.now();
        await sink.deliver(result);
        waited += performance.now() - t0;
      }
    }),
  );
  await sink.close();
  const lines = CONNECTIONS * PER_CONNECTION;
  return {
    lines_per_s: Math.round(lines / ((performance.now() - started) / 1000)),
    mean_wait_ms: Number((waited / lines).toFixed(3)),
  };
}

for (let round = 0; round < 3; round++) {
  const fsynced = await run(ndjsonSink(join(dir, `fsync-${round}.ndjson`)));
  const plain = await run(plainSink(join(dir, `plain-${round}.ndjson`)));
  console.log(JSON.stringify({ bench: 'ndjson-sink', round, fsynced, plain }));
}
