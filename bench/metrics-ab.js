// Side by side in one run: the FLASH `bp` example (POST /) and the HL7 ADT mapping (POST /Mapping/adt) against two
// services started together from the same build, one with MAPX_METRICS=off and one with it on (the default), to
// measure what GET /metrics costs the hot path. Short slices alternate between them (ABAB…), so both see the same
// machine; prints the median per variant and scenario as JSON lines, with the service's CPU time per request (all
// its threads, /proc). `BENCH_ROUNDS` (default 5) slices of `BENCH_SLICE_S` (default 3) s each; loopback only.
import { compareServices } from './lib/service-ab.js';

await compareServices('MAPX_METRICS', ['off', 'on'], 'metrics');
