// What validating the body of POST / with the contract's zod schema costs per request, beside the hand check it
// replaced, in one run. One JSON line. Needs `npx tsc -b shared/api`.
import { evaluateRequestSchema } from '@mapx/api';

const body = JSON.parse(
  JSON.stringify({ mapx: "InstanceOf: bp\n* status = 'final'", input: { systolic: 120, diastolic: 80 } }),
);
const N = Number(process.env.BENCH_ITERATIONS ?? 2_000_000);

function handCheck(b) {
  const source = typeof b === 'object' && b !== null && !Array.isArray(b) ? b.mapx : undefined;
  return typeof source === 'string' && source.trim() !== '';
}

function nsPerCall(check) {
  let ok = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) if (check(body)) ok++;
  if (ok !== N) throw new Error('the sample body must pass');
  return Number(process.hrtime.bigint() - t0) / N;
}

nsPerCall(handCheck); // warm both paths up before measuring
nsPerCall((b) => evaluateRequestSchema.safeParse(b).success);
const hand = nsPerCall(handCheck);
const zod = nsPerCall((b) => evaluateRequestSchema.safeParse(b).success && b.mapx.trim() !== '');
console.log(
  JSON.stringify({
    bench: 'contract-validation',
    scenario: 'POST / body',
    iterations: N,
    hand_check_ns: +hand.toFixed(1),
    zod_contract_ns: +zod.toFixed(1),
  }),
);
