import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/start-built-server.js';
import { TEST_FHIR_CACHE } from '../helpers/test-app.js';
import { oneRequest, until } from '../helpers/one-request.js';

const BP = `InstanceOf: bp
* status = 'final'
* subject.reference = 'Patient/123'
* component[SystolicBP].value = sys
* component[DiastolicBP].value = dia`;

/** Every file under `dir` with its size and mtime: what the service must leave as it found it. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const path = join(e.parentPath, e.name);
      const s = statSync(path);
      return `${relative(dir, path)} ${s.size} ${s.mtimeMs}`;
    })
    .sort();
}

/**
 * What the Dockerfile puts into the image, made by the same script, installed with production dependencies only and
 * started from that directory alone (no Docker daemon here).
 */
describe('the image directory (scripts/pack-image-dir.mjs)', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'mapx-image-')), 'app');
  const mappings = mkdtempSync(join(tmpdir(), 'mapx-image-mappings-'));
  let child: ChildProcess;
  let baseUrl: string;
  let fhirBefore: string[];

  beforeAll(async () => {
    // the service's own tests fill the R4 core cache this copies from
    execFileSync(
      process.execPath,
      ['scripts/pack-image-dir.mjs', out, '--install', '--fhir-cache', TEST_FHIR_CACHE],
      {
        cwd: ROOT,
        stdio: 'pipe',
      },
    );
    writeFileSync(join(mappings, 'bp.mapx'), BP);
    fhirBefore = snapshot(join(out, 'fhir-packages'));
    child = spawn(process.execPath, ['apps/service/dist/main.js'], {
      cwd: out,
      env: {
        PATH: process.env.PATH,
        HOME: mkdtempSync(join(tmpdir(), 'mapx-image-home-')),
        SERVER_PORT: '0',
        SERVER_HOST: '127.0.0.1',
        FHIR_PACKAGE_CACHE_DIR: join(out, 'fhir-packages'),
        FHIR_PACKAGE_REGISTRY_URL: 'http://127.0.0.1:9/', // nothing may be fetched: R4 core is inside
        MAPPINGS_FOLDER: mappings,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout?.on('data', (c: Buffer) => {
        output.push(c.toString());
        const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(c.toString());
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output.join('')}`)));
    });
    baseUrl = `http://127.0.0.1:${port}`;
    await until(async () => (await oneRequest(`${baseUrl}/health/ready`)).status === 200, 'ready', 60_000);
  }, 240_000);

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(join(out, '..'), { recursive: true, force: true });
  });

  it('holds production dependencies, the built bundles and R4 core only', async () => {
    const modules = join(out, 'node_modules');
    expect(existsSync(join(modules, 'fastify'))).toBe(true);
    expect(existsSync(join(modules, 'prom-client'))).toBe(true);
    for (const dev of ['vitest', 'typescript', 'eslint', '@mapx/plugin-testkit', 'fast-check'])
      expect(existsSync(join(modules, dev)), dev).toBe(false);
    expect(existsSync(join(out, 'apps/service/src'))).toBe(false);
    expect(existsSync(join(out, 'fhir-packages/hl7.fhir.r4.core#4.0.1/package/package.json'))).toBe(true);
    // the bundle's manifest still matches the copied files: the service starts from the bundle (asked in a plain
    // Node process: the copy has no source maps for the test runner to read)
    const serveModule = pathToFileURL(join(out, 'apps/service/dist/serve-module.js')).href;
    // and so do the built-in plugins' bundles, each next to its entry
    const plugins = ['auth', 'listeners/mllp', 'normalizers/hl7v2', 'stores/standard'].map((p) =>
      pathToFileURL(join(out, 'plugins', p, 'dist/index.bundle.json')),
    );
    const script = `import { bundleIsCurrent } from '${serveModule}';
      const manifests = [new URL('serve.bundle.json', '${serveModule}'), ...${JSON.stringify(plugins.map(String))}];
      process.stdout.write(manifests.map((m) => bundleIsCurrent(new URL(m))).join(','));`;
    const current = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(current).toBe('true,true,true,true,true');
  });

  it('serves health, a FLASH evaluation, a saved mapping, metrics and the API docs, then drains and exits 0', async () => {
    const health = await oneRequest(`${baseUrl}/health`);
    expect([health.status, JSON.parse(health.text).status]).toEqual([200, 'UP']);
    const input = JSON.stringify({ mapx: BP, input: { sys: 120, dia: 80 } });
    const adHoc = await oneRequest(`${baseUrl}/`, 'POST', input, { 'content-type': 'application/json' });
    expect(adHoc.status).toBe(200);
    const observation = JSON.parse(adHoc.text) as { resourceType: string; component: unknown[] };
    expect(observation.resourceType).toBe('Observation');
    expect(observation.component).toHaveLength(2);
    const saved = await oneRequest(`${baseUrl}/Mapping/bp`, 'POST', '{"sys":1,"dia":2}', {
      'content-type': 'application/json',
    });
    expect([saved.status, JSON.parse(saved.text).resourceType]).toEqual([200, 'Observation']);
    const metrics = await oneRequest(`${baseUrl}/metrics`);
    expect(metrics.text).toContain('mapx_evaluations_total{mapping="bp",outcome="ok"} 1');
    // the API docs page and its Swagger UI files come from the image, nothing from outside
    expect((await oneRequest(`${baseUrl}/api-docs`)).status).toBe(200);
    expect((await oneRequest(`${baseUrl}/api-docs/swagger-ui-bundle.js`)).status).toBe(200);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
    expect(snapshot(join(out, 'fhir-packages'))).toEqual(fhirBefore);
  });
});
