// What one seeded UUID (mapping-language §5.9: `$uuid(seed)`, `$reference`, a transaction Bundle's `fullUrl`) costs:
// ns per UUID over 64 different resource texts of ≈ 480 bytes, strings as seeds (never cached), this build's
// `seededUuid` and, with BENCH_BASE_ROOT (another built checkout), that build's beside it, alternating for
// BENCH_UUID_ROUNDS rounds (default 5) of BENCH_UUID_CALLS calls (default 200,000). Checks that both give the same
// UUIDs. One JSON line per build: the median and range of the rounds.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib/start-service.js';

const ROUNDS = Number(process.env.BENCH_UUID_ROUNDS ?? 5);
const CALLS = Number(process.env.BENCH_UUID_CALLS ?? 200_000);
const BASE = process.env.BENCH_BASE_ROOT;
const roots = BASE ? { this: ROOT, base: resolve(BASE) } : { this: ROOT };

const texts = Array.from({ length: 64 }, (_, i) =>
  JSON.stringify({
    resourceType: 'Patient',
    id: `p${i}`,
    identifier: [{ system: 'urn:oid:2.16.840.1.113883.19.5', value: `MRN${i}` }],
    name: [{ use: 'official', family: `Levi${i}`, given: ['Dana', 'Noa'] }],
    gender: 'female',
    birthDate: '1990-05-17',
    address: [{ line: [`${i} Herzl Street`], city: 'Haifa', postalCode: '3303000', country: 'IL' }],
    managingOrganization: { reference: `urn:uuid:00000000-0000-5000-8000-${String(i).padStart(12, '0')}` },
  }),
);

const builds = {};
for (const [name, root] of Object.entries(roots)) {
  const url = pathToFileURL(`${root}/shared/engine/dist/runtime/uuid.js`).href;
  builds[name] = (await import(url)).seededUuid;
}
if (BASE) {
  for (const t of texts)
    if (builds.this(t) !== builds.base(t)) throw new Error(`the builds differ on ${t.slice(0, 40)}…`);
}

const perRound = Object.fromEntries(Object.keys(builds).map((b) => [b, []]));
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 ? Object.keys(builds).reverse() : Object.keys(builds);
  for (const b of order) {
    const uuid = builds[b];
    let length = 0;
    for (let i = 0; i < CALLS / 10; i++) length += uuid(texts[i & 63]).length;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) length += uuid(texts[i & 63]).length;
    const ns = Number(process.hrtime.bigint() - t0) / CALLS;
    if (length === 0) throw new Error('no UUIDs');
    perRound[b].push(ns);
  }
}
for (const [b, values] of Object.entries(perRound)) {
  const sorted = [...values].sort((x, y) => x - y);
  console.log(
    JSON.stringify({
      bench: 'seeded-uuid',
      build: b,
      root: roots[b],
      text_bytes: texts[0].length,
      ns_per_uuid_median: Math.round(sorted[Math.floor(sorted.length / 2)]),
      ns_per_uuid_range: [Math.round(sorted[0]), Math.round(sorted.at(-1))],
      rounds: ROUNDS,
      same_uuids: BASE ? true : undefined,
    }),
  );
}
