// Side by side in one run: the FLASH `bp` example (POST /) and the HL7 ADT mapping (POST /Mapping/adt) against two
// services started together from the same build, one evaluating on its main thread (MAPX_EVAL_ISOLATION=off, the
// path before isolation) and one in worker threads (the default). Short slices alternate between them
// (ABAB…), so both see the same machine; prints the median per variant and scenario as JSON lines.
// Also the service's CPU time per request (all its threads, /proc). `BENCH_ROUNDS` (default 5) slices of `BENCH_SLICE_S` (default 3) s each per variant and scenario; loopback only.
import { compareServices } from './lib/service-ab.js';

await compareServices('MAPX_EVAL_ISOLATION', ['off', 'worker'], 'isolation');
