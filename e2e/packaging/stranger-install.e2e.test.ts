// The stranger's install: every public package packed as `npm publish` would upload it, installed with
// plain `npm install` in a folder outside this repository, a third-party plugin scaffolded by the installed
// `mapx plugin new`, built against the packed @mapx/plugin-api and installed like any npm package, then
// `mapx serve` from that folder, used over HTTP; and every starter kind's own tests, run with the packed testkit.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packAll } from '../../scripts/pack/pack-all.mjs';
import { ROOT, waitWarm } from '../helpers/start-service.js';
import { copyFolder, mapxServe, newProject, npmInstall, sh, type Served } from './stranger.js';

/** Every kind the starter has (one folder of templates each): a new kind is scaffolded and tested here too. */
const KINDS = readdirSync(join(ROOT, 'apps/service/plugin-templates'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
/** One name pattern for all, so every plugin's id is "example" (`<kind>:example` in MAPX_PLUGIN_OPTIONS). */
const nameOf = (kind: string) => `@acme/mapx-${kind}-example`;
const timings: Record<string, number> = {};

async function timed<T>(step: string, run: () => Promise<T> | T): Promise<T> {
  const started = Date.now();
  try {
    return await run();
  } finally {
    timings[step] = Date.now() - started;
  }
}

/** The packed @mapx/plugin-api and testkit, and the Vitest the testkit asks for, in the plugin author's folder. */
function installAuthorFolder(author: string, tarballs: ReadonlyMap<string, string>): Promise<string> {
  newProject(author, 'plugin-author');
  const testkit = JSON.parse(readFileSync(join(ROOT, 'shared/plugin-testkit/package.json'), 'utf8')) as {
    peerDependencies: { vitest: string };
  };
  const specs = [tarballs.get('@mapx/plugin-api'), tarballs.get('@mapx/plugin-testkit')] as string[];
  return npmInstall(author, [...specs, `vitest@${testkit.peerDependencies.vitest}`]);
}

describe('a stranger installs mapx and a third-party plugin from packed tarballs', () => {
  const work = mkdtempSync(join(tmpdir(), 'mapx-stranger-'));
  const deployment = join(work, 'deployment');
  const author = join(work, 'author');
  let tarballs: Map<string, string>;
  let served: Served;
  let authorInstall: Promise<unknown>;
  const started = Date.now();

  beforeAll(async () => {
    const packs = await timed('pack', () => packAll(join(work, 'packs')));
    tarballs = new Map(packs.map((p) => [p.name, p.tarball]));
    newProject(deployment, 'stranger-deployment');
    // the plugin author's folder installs the packed plugin API and testkit meanwhile (awaited by its tests)
    authorInstall = timed('install testkit (alongside)', () => installAuthorFolder(author, tarballs));
    authorInstall.catch(() => undefined);
    await timed('install mapx', () => npmInstall(deployment, [...tarballs.values()]));
    const mapx = join(deployment, 'node_modules/.bin/mapx');
    await timed('scaffold', () =>
      Promise.all(KINDS.map((k) => sh(work, mapx, ['plugin', 'new', k, nameOf(k), join(author, k)]))),
    );
    // the normaliser is published like any plugin: packed, then installed into the deployment by name
    const pluginTarball = (
      await sh(join(author, 'normalizer'), 'npm', ['pack', '--pack-destination', work])
    ).trim();
    await timed('install plugin', () => npmInstall(deployment, [join(work, pluginTarball)]));
    // the store is dropped into the plugins folder, as a mounted volume would bring it
    copyFolder(join(author, 'store'), join(deployment, 'plugins', '@acme', 'memory-store'));
    served = await timed('mapx serve', () =>
      mapxServe(deployment, {
        MAPX_PLUGINS: nameOf('normalizer'),
        MAPX_PLUGIN_DIR: 'plugins',
        MAPX_PLUGIN_OPTIONS: JSON.stringify({
          'normalizer:example': { separator: ':' },
          'store:example': { enabled: true, mappings: { greet: '"hello " & name' } },
        }),
        FHIR_PACKAGE_CACHE_DIR: join(work, 'fhir-cache'),
      }),
    );
    await waitWarm(served.baseUrl);
  }, 600_000);

  afterAll(async () => {
    if (served) expect(await served.stop()).toBe(0);
    timings.total = Date.now() - started;
    console.log(`stranger install timings (ms): ${JSON.stringify(timings)}`);
  });

  const post = (path: string, body: unknown) =>
    fetch(`${served.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('installed nothing from this repository but the tarballs', () => {
    const lock = readFileSync(join(deployment, 'package-lock.json'), 'utf8');
    expect(lock).not.toContain(ROOT);
    const installed = JSON.parse(lock) as { packages: Record<string, { resolved?: string; link?: boolean }> };
    const ours = Object.entries(installed.packages).filter(([path]) => path.includes('node_modules/@mapx/'));
    expect(ours.length).toBe(tarballs.size);
    for (const [, entry] of ours) {
      expect(entry.link).toBeUndefined();
      expect(entry.resolved).toMatch(/^file:.*\.tgz$/);
    }
  });

  it('lists the built-in plugins and both third-party ones', async () => {
    const list = (await (await fetch(`${served.baseUrl}/plugins`)).json()) as {
      kind: string;
      id: string;
      packageName: string;
      builtIn: boolean;
      active: boolean;
    }[];
    const third = list.filter((p) => !p.builtIn).map((p) => [p.kind, p.id, p.packageName, p.active]);
    expect(third).toEqual([
      ['normalizer', 'example', nameOf('normalizer'), true],
      ['store', 'example', nameOf('store'), true],
    ]);
    expect(list.filter((p) => p.builtIn).length).toBeGreaterThanOrEqual(9);
  });

  it('runs a mapping over input the third-party normaliser parses', async () => {
    const res = await post('/', {
      mapx: '$.name & " is " & $.age',
      input: 'name: Dana\nage: 34',
      contentType: 'application/x-example',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe('Dana is 34');
  });

  it('runs a saved mapping the plugins-folder store serves', async () => {
    const res = await post('/Mapping/greet', { name: 'Dana' });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe('hello Dana');
  });

  it('builds a FHIR resource from the R4 core packed inside mapx (no download)', async () => {
    const res = await post('/', {
      mapx: 'InstanceOf: bp\n* status = "final"\n* subject.reference = "Patient/1"\n* effectiveDateTime = "2024-01-01"\n* component[SystolicBP].value = 120\n* component[DiastolicBP].value = 80',
    });
    expect(res.status).toBe(200);
    const bp = (await res.json()) as { resourceType: string; component: unknown[] };
    expect([bp.resourceType, bp.component.length]).toEqual(['Observation', 2]);
  });

  describe('each starter kind passes its own tests with the packed testkit', () => {
    beforeAll(() => authorInstall, 600_000);

    it.each(KINDS)('%s', async (kind) => {
      const out = await timed(`test ${kind}`, () => sh(join(author, kind), 'npm', ['test']));
      expect(out).toMatch(/Tests\s+\d+ passed/);
      expect(out).not.toMatch(/failed/);
    });
  });
});
