import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, startBuiltServer, type Started } from '../helpers/start-built-server.js';

const IDS = Array.from({ length: 8 }, (_, i) => `crash${i}`);
const ROUNDS = 6;
/** Large enough that a write (with its fsyncs) is still in progress when the kill lands. */
const VERSION_LENGTH = 400_000;

/** Each version is one letter repeated: a torn or partial file cannot pass for a complete one. */
function version(round: number, n: number): string {
  const letter = String.fromCharCode(65 + ((round * 7 + n) % 26));
  return `"${letter.repeat(VERSION_LENGTH)}"`;
}

const isComplete = (text: string) => text.length === VERSION_LENGTH + 2 && /^"([A-Z])\1*"$/.test(text);
const tempFiles = (names: string[]) => names.filter((n) => n.endsWith('.mapx-tmp'));

/** PUTs to every mapping, over and over, until the process dies under it. */
function burstOfWrites(server: Started, round: number): Promise<unknown> {
  return Promise.allSettled(
    IDS.map(async (id, i) => {
      for (let n = 0; server.child.exitCode === null && server.child.signalCode === null; n++) {
        await fetch(`${server.baseUrl}/Mapping/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'text/plain' },
          body: version(round, n + i),
        });
      }
    }),
  );
}

/** Resolves once `test` holds for the folder's names, or after `ms` regardless. */
async function until(dir: string, test: (names: string[]) => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !test(await readdir(dir))) await new Promise((r) => setImmediate(r));
}

/**
 * Lets some writes complete (so that there are complete mappings to keep), then kills the moment a write is
 * caught half-way (a temp file exists).
 */
async function killDuringWrites(server: Started, dir: string): Promise<void> {
  await until(dir, (names) => names.some((n) => n.endsWith('.mapx')), 10_000);
  await until(dir, (names) => tempFiles(names).length > 0, 3000);
  const exited = once(server.child, 'exit');
  server.child.kill('SIGKILL');
  await exited;
}

describe('the folder store after SIGKILLs during bursts of writes', () => {
  let dir: string;
  beforeAll(async () => {
    buildService();
    dir = await mkdtemp(join(tmpdir(), 'mapx-crash-'));
  }, 180_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const start = () => startBuiltServer({ MAPPINGS_FOLDER: dir, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });

  it('starts again with only complete mappings and no temporary files', async () => {
    let leftBehind = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const server = await start();
      expect(tempFiles(await readdir(dir))).toEqual([]);
      const writes = burstOfWrites(server, round);
      await killDuringWrites(server, dir);
      await writes;
      leftBehind += tempFiles(await readdir(dir)).length;
    }
    // The kills did catch writes half-way: otherwise this test would prove nothing about the sweep.
    expect(leftBehind).toBeGreaterThan(0);

    const server = await start();
    try {
      const names = await readdir(dir);
      expect(tempFiles(names)).toEqual([]);
      const mappings = names.filter((n) => n.endsWith('.mapx'));
      expect(mappings.length).toBeGreaterThan(0);
      for (const name of mappings) expect(isComplete(await readFile(join(dir, name), 'utf8'))).toBe(true);
      for (const name of mappings) {
        const res = await fetch(`${server.baseUrl}/Mapping/${name.slice(0, -'.mapx'.length)}`);
        expect(res.status).toBe(200);
        expect(isComplete(await res.text())).toBe(true);
      }
    } finally {
      await server.stop();
    }
  }, 120_000);
});
