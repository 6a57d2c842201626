// The same pipeline as the service, without HTTP: buildApp's services, called directly.
import { loadConfig } from '../../apps/service/dist/config/load-config.js';
import { createLogger } from '../../apps/service/dist/logger.js';
import { createRuntime } from '../../apps/service/dist/runtime.js';
import { buildApp } from '../../apps/service/dist/app.js';
import { runEvaluation } from '../../apps/service/dist/evaluation/run-evaluation.js';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const SECONDS = Number(process.env.BENCH_INPROCESS_S ?? 3);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);

export async function inProcess(env) {
  const result = loadConfig({
    LOG_LEVEL: 'warn',
    // evaluation on this thread: the figure HTTP throughput is compared with
    MAPX_EVAL_ISOLATION: 'off',
    FHIR_PACKAGE_CACHE_DIR: join(tmpdir(), 'mapx-bench-fhir-cache'),
    ...env,
  });
  if (!result.ok) throw new Error(result.message);
  const logger = createLogger('warn');
  const app = await buildApp(result.config, await createRuntime(result.config, logger), { logger });
  await app.ready();
  await app.mapx.warmup.start();
  const services = app.mapx;
  const rate = async (once) => {
    const warm = performance.now() + WARMUP_S * 1000;
    while (performance.now() < warm) await once();
    let n = 0;
    const until = performance.now() + SECONDS * 1000;
    while (performance.now() < until) {
      await once();
      n++;
    }
    return n / SECONDS;
  };
  return {
    evaluateRate: (source, input) =>
      rate(async () => {
        const r = await runEvaluation(services, { source, input, verbose: false, lowerCollect: true });
        if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
      }),
    mappingRate: (source, text, type) =>
      rate(async () => {
        const n = await services.dispatcher.normalize(type, text, true);
        if (!n.ok) throw new Error(JSON.stringify(n));
        const r = await runEvaluation(services, {
          source,
          input: n.value,
          verbose: false,
          lowerCollect: false,
        });
        if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
      }),
    close: () => app.close(),
  };
}
