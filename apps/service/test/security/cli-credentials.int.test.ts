import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { buildService, ROOT } from '../helpers/start-built-server.js';
import { TEST_FHIR_CACHE } from '../helpers/test-app.js';

/**
 * The CLI rows of the security probe table: the FHIR server a command line names gets its own credentials,
 * never the configured store's (docs/security.md, "The CLI").
 */
const CLI = resolve(ROOT, 'apps/service/dist/cli/mapx-cli.js');

/** Asynchronous: the FHIR test servers answer from this process while the command runs. */
function mapx(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; err: string }> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, FHIR_PACKAGE_CACHE_DIR: TEST_FHIR_CACHE, MAPX_EVAL_TIMEOUT_MS: '30000', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, err })));
}

describe('security table: CLI outputs and their credentials', () => {
  let store: FhirTestServer;
  let other: FhirTestServer;
  let dir: string;
  let storeEnv: Record<string, string>;
  beforeAll(async () => {
    buildService();
    store = await startFhirTestServer({ basicAuth: { username: 'store', password: 'secret' } });
    other = await startFhirTestServer({ basicAuth: { username: 'target', password: 'own' } });
    dir = mkdtempSync(join(tmpdir(), 'mapx-sec-cli-'));
    writeFileSync(join(dir, 'in.json'), '{"n":1}');
    writeFileSync(join(dir, 'p.mapx'), "{ 'resourceType': 'Basic', 'id': 'b1' }");
    storeEnv = {
      FHIR_SERVER_BASE: store.baseUrl,
      FHIR_SERVER_AUTH_TYPE: 'BASIC',
      FHIR_SERVER_UN: 'store',
      FHIR_SERVER_PW: 'secret',
      MAPPINGS_FOLDER: 'n/a',
    };
  });
  afterAll(async () => {
    await store?.close();
    await other?.close();
  });

  const run = (env: Record<string, string>, output: string) =>
    mapx(
      env,
      'run',
      '--progress',
      'off',
      '--mapping',
      join(dir, 'p.mapx'),
      '--input',
      join(dir, 'in.json'),
      '--output',
      output,
      '--errors',
      join(dir, `errors-${Math.random()}.ndjson`),
      '--checkpoint',
      join(dir, `cp-${Math.random()}.json`),
    );

  it("mapx run --output on another origin gets no credentials of the store's, its own when given", async () => {
    const without = await run(storeEnv, other.baseUrl);
    expect(without.code).toBe(2);
    expect(other.requests.length).toBeGreaterThan(0);
    expect(other.requests.every((r) => !r.hasAuthorization)).toBe(true);
    other.requests.length = 0;
    const own = {
      ...storeEnv,
      MAPX_TARGET_AUTH_TYPE: 'BASIC',
      MAPX_TARGET_UN: 'target',
      MAPX_TARGET_PW: 'own',
    };
    const withOwn = await run(own, other.baseUrl);
    expect(withOwn.code, withOwn.err).toBe(0);
    expect(other.requests.map((r) => r.hasAuthorization)).toEqual([true]);
    expect(await other.repo.readResource('Basic', 'b1')).toMatchObject({ id: 'b1' });
  });

  it("mapx run --output on the store's own origin keeps the store's credentials", async () => {
    const same = await run(storeEnv, store.baseUrl);
    expect(same.code, same.err).toBe(0);
    expect(store.requests.filter((r) => r.method === 'PUT').map((r) => r.hasAuthorization)).toEqual([true]);
  });

  it('no credential goes over plain http beyond loopback', async () => {
    const own = { MAPX_TARGET_AUTH_TYPE: 'BASIC', MAPX_TARGET_UN: 'u', MAPX_TARGET_PW: 'p' };
    const refused = await run(own, 'http://fhir.example.invalid/fhir');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /--output http:\/\/fhir\.example\.invalid: credentials go over plain http only to this machine/,
    );
    const tested = await mapx(own, 'test', '--fhir-server', 'http://fhir.example.invalid/fhir');
    expect(tested.code).toBe(2);
    expect(tested.err).toMatch(
      /--fhir-server http:\/\/fhir\.example\.invalid: credentials go over plain http/,
    );
  });

  it("mapx test --fhir-server on another origin gets no credentials of the store's", async () => {
    other.requests.length = 0;
    const tested = await mapx(storeEnv, 'test', '--fhir-server', other.baseUrl);
    // the server wants credentials this command was not given: it refuses, and saw none
    expect(tested.code).not.toBe(0);
    expect(other.requests.length).toBeGreaterThan(0);
    expect(other.requests.every((r) => !r.hasAuthorization)).toBe(true);
  });
});
