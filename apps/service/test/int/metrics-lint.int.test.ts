import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWhen, skippedBecause } from '../../../../test-support/skip.js';
import { RENAMED_DEFAULT_METRICS } from '../../src/metrics/lint-clean-defaults.js';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';

function hasPromtool(): boolean {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

if (!hasPromtool()) {
  skippedBecause(
    'promtool check metrics on GET /metrics',
    "promtool is not installed (Debian's prometheus package: apt-get install prometheus; .ci/run installs it)",
  );
}
describeWhen(hasPromtool())('promtool check metrics on GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-metrics-lint-'));
    writeFileSync(join(folder, 'one.mapx'), 'a + 1');
    t = await createTestApp({ MAPPINGS_FOLDER: folder, MAPPINGS_FILE_POLLING_INTERVAL_MS: '0' });
    await warmedUp(t.app);
    // every series kind with samples: request histogram, evaluation counters (ok and error), normaliser timing
    await t.app.inject({ method: 'POST', url: '/Mapping/one', payload: { a: 1 } });
    await t.app.inject({ method: 'POST', url: '/', payload: { mapx: '$nope(', input: {} } });
  }, 60_000);
  afterAll(() => t.close());

  it('passes the lint, and the renamed default gauges are still reported', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toContain('mapx_evaluation_errors_total{');
    const lint = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(lint.stdout + lint.stderr).toBe('');
    expect(lint.status).toBe(0);
    for (const [from, to] of Object.entries(RENAMED_DEFAULT_METRICS)) {
      expect(text).not.toContain(`\n${from} `);
      expect(text).toMatch(new RegExp(`\\n${to} \\d+\\n`));
    }
  });
});
