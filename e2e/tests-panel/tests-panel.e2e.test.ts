import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tempDir } from '../helpers/start-service.js';
import { useDesignerSession } from '../designer/designer-session.js';
import { editorText, replaceEditorText, screenshot } from '../designer/designer-page.js';
// the code `npm start` runs on a fresh checkout: ./mappings seeded with the example mapping and its test
import { firstRunMappings } from '../../scripts/first-run-mappings.mjs';

const NEW_CASE = 'mrn,first,last,sex,dob\nB2,Noa,Cohen,male,1985-02-03\n';

const statusOf = (page: Page, name: string) => page.getByTestId(`test-${name}`).locator('.test-mark');

async function expectMark(page: Page, name: string, label: string): Promise<void> {
  await statusOf(page, name)
    .and(page.getByLabel(label, { exact: true }))
    .waitFor();
}

describe('the Tests panel in Chromium, on the first-run mappings folder', () => {
  let folder: string;
  const session = useDesignerSession({
    env: () => {
      const env: Record<string, string | undefined> = {};
      firstRunMappings(env, tempDir('mapx-e2e-first-run-'));
      folder = env['MAPPINGS_FOLDER'] as string;
      return { MAPX_EDITION: 'enterprise', MAPX_DESIGNER_ENABLED: 'true', MAPPINGS_FOLDER: folder };
    },
    failurePrefix: 'failed',
    allowRunning: false,
  });

  it('opens the seeded mapping and runs its passing test', async () => {
    const { page } = session.designer;
    await page
      .getByTestId('mapping-csvPatient')
      .getByRole('button', { name: 'csvPatient', exact: true })
      .click();
    await page.getByRole('tab', { name: 'csvPatient' }).waitFor();
    await page.getByRole('heading', { name: 'Tests — csvPatient' }).waitFor();
    await page.getByTestId('tests-run-all').click();
    await expectMark(page, 'danaLevi', 'passed');
    expect(await page.getByTestId('tests-summary').innerText()).toBe('1 of 1 passed');
  });

  it('a changed mapping fails with a diff; accepting the actual output stores it and the test passes', async () => {
    const { page } = session.designer;
    const changed = (await editorText(page, 'mapx-editor')).replace(/^ *\* gender = sex\n/m, '');
    await replaceEditorText(page, 'mapx-editor', changed);
    await page.keyboard.press('ControlOrMeta+S');
    await page.getByTestId('toast').filter({ hasText: 'Saved mapping csvPatient (200)' }).waitFor();

    await page.getByRole('button', { name: 'Run test danaLevi' }).click();
    await expectMark(page, 'danaLevi', 'failed');
    const diff = page.getByTestId('test-diff');
    await diff.waitFor();
    expect(await diff.innerText()).toContain('-   "gender": "female",');
    expect(await diff.locator('.test-diff-removed').count()).toBeGreaterThan(0);
    await screenshot(page, 'tests-panel-diff');

    await page.getByTestId('test-accept-danaLevi').click();
    await expectMark(page, 'danaLevi', 'passed');
    const stored = JSON.parse(readFileSync(join(folder, 'csvPatient.tests/danaLevi.expected.json'), 'utf8'));
    expect(stored.gender).toBeUndefined();
    expect(stored.name).toEqual([{ family: 'Levi', given: ['Dana'] }]);
  });

  it('adds the current input as a new case, shows its output and accepts it', async () => {
    const { page } = session.designer;
    await replaceEditorText(page, 'input-editor', NEW_CASE);
    await page.getByTestId('input-format').selectOption('text/csv');
    await page.getByRole('button', { name: 'Add input' }).click();
    await page.getByRole('textbox', { name: 'Add a test case' }).fill('noaCohen');
    await page.keyboard.press('Enter');
    await expectMark(page, 'noaCohen', 'no expectation yet');
    expect(await page.getByTestId('test-actual').innerText()).toContain('"Cohen"');
    await page.getByTestId('test-accept-noaCohen').click();
    await expectMark(page, 'noaCohen', 'passed');
    await page.getByTestId('tests-run-all').click();
    await page.getByTestId('tests-summary').filter({ hasText: '2 of 2 passed' }).waitFor();
    expect(readFileSync(join(folder, 'csvPatient.tests/noaCohen.csv'), 'utf8')).toBe(NEW_CASE);
    await screenshot(page, 'tests-panel-passed');
    expect(session.designer.problems).toEqual([]);
  });
});
