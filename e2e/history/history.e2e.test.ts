import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tempDir } from '../helpers/start-service.js';
import { useDesignerSession } from '../designer/designer-session.js';
import { editorText, replaceEditorText, screenshot } from '../designer/designer-page.js';

/** Two flat rules on one repeating element: a static check warns (F5362) when the mapping is compiled. */
const WITH_WARNING = `InstanceOf: Observation
* status = "final"
* code.coding.code = OBX.ObservationIdentifier.Identifier
* code.coding.system = "http://loinc.org"`;

/** Monaco renders spaces as no-break spaces. */
const plain = async (text: Promise<string>) => (await text).replace(/\u00a0/g, ' ');

const versionRows = (page: Page) => page.getByTestId('history-panel').locator('li');

async function save(page: Page, text: string, toast: string): Promise<string> {
  await replaceEditorText(page, 'mapx-editor', text);
  await page.keyboard.press('ControlOrMeta+S');
  const notice = page.getByTestId('toast').filter({ hasText: toast });
  await notice.waitFor();
  return notice.innerText();
}

describe('mapping history in the designer (Chromium, built service)', () => {
  let folder: string;
  const session = useDesignerSession({
    env: () => {
      folder = tempDir('mapx-e2e-history-');
      writeFileSync(join(folder, 'hist.mapx'), "{ 'v': 1 }");
      return { MAPX_EDITION: 'enterprise', MAPX_DESIGNER_ENABLED: 'true', MAPPINGS_FOLDER: folder };
    },
    failurePrefix: 'history-failed',
    allowRunning: false,
  });

  it('saving shows the compile warnings of the PUT, and each save adds a version', async () => {
    const { page } = session.designer;
    await page.getByTestId('mapping-hist').getByRole('button', { name: 'hist', exact: true }).click();
    await page.getByRole('heading', { name: 'History — hist' }).waitFor();
    await expect.poll(() => versionRows(page).count()).toBe(1);

    expect(await save(page, "{ 'v': 2 }", 'Saved mapping hist (200)')).not.toContain('warning');
    await expect.poll(() => versionRows(page).count()).toBe(2);

    const notice = await save(page, WITH_WARNING, 'Saved mapping hist (200) with 1 compile warning');
    expect(notice).toMatch(/F5362 \(line \d\)/);
    await page.locator('[data-testid="mapx-editor"] .squiggly-warning').first().waitFor();
    await expect.poll(() => versionRows(page).count()).toBe(3);
    await screenshot(page, 'history-save-warning');
  });

  it("compares any two versions in Monaco's diff editor", async () => {
    const { page } = session.designer;
    const rows = versionRows(page);
    expect(await rows.nth(0).innerText()).toMatch(/^v3 · .* · current/);
    await rows.nth(2).getByRole('button', { name: 'Diff' }).click();
    const diff = page.getByTestId('history-diff');
    const original = diff.locator('.editor.original .view-lines');
    const modified = diff.locator('.editor.modified .view-lines');
    await expect.poll(() => plain(original.innerText())).toContain("'v': 1");
    expect(await plain(modified.innerText())).toContain('InstanceOf: Observation');
    await expect.poll(() => diff.locator('.line-insert, .char-insert').count()).toBeGreaterThan(0);

    const v2 = await rows.nth(1).getAttribute('data-testid');
    await page.getByTestId('diff-left').selectOption(v2!.replace(/^version-/, ''));
    await expect.poll(() => plain(original.innerText())).toContain("'v': 2");
    await screenshot(page, 'history-diff');
  });

  it('restores a version: saved as the newest, shown in the editor, the replaced text kept', async () => {
    const { page } = session.designer;
    await page.getByRole('button', { name: 'Restore older side' }).click();
    await page
      .getByRole('dialog', { name: 'Restore version' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await page.getByTestId('toast').filter({ hasText: 'Restored hist to v2' }).waitFor();
    await expect.poll(() => editorText(page, 'mapx-editor')).toBe("{ 'v': 2 }");
    expect(readFileSync(join(folder, 'hist.mapx'), 'utf8')).toBe("{ 'v': 2 }");
    await expect.poll(() => versionRows(page).count()).toBe(4);
    expect(await page.getByRole('tab', { name: 'hist' }).innerText()).not.toContain('•');
    expect(session.designer.problems).toEqual([]);
  });
});
