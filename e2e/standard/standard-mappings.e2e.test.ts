import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/start-service.js';
import { useDesignerSession } from '../designer/designer-session.js';
import { editorText, replaceEditorText, screenshot } from '../designer/designer-page.js';

const ADT = [
  'MSH|^~\\&|A|F|||2024||ADT^A01|E2E1|P|2.5.1',
  'EVN|A01|20240102030405',
  'PID|1||12345^^^HOSP^MR||Doe^Jane||19800102|F',
  'PV1|1|I|W^101^1^HOSP',
].join('\n');

describe('standard mappings in the designer', () => {
  const session = useDesignerSession({
    // the standard mappings are on by default: nothing in the environment turns them on
    env: { MAPX_DESIGNER_ENABLED: 'true', MAPPINGS_FOLDER: tempDir('mapx-e2e-standard-') },
    failurePrefix: 'standard-failed',
    allowRunning: false,
  });

  it('lists them apart from the saved mappings and opens one read-only', async () => {
    const { page } = session.designer;
    await page.getByTestId('standard-mapping-v2ToFhir').waitFor();
    expect(await page.getByTestId('mapping-v2ToFhir').count()).toBe(0);
    await page
      .getByTestId('standard-mapping-v2ToFhir')
      .getByRole('button', { name: 'v2ToFhir', exact: true })
      .click();
    await page.getByRole('tab', { name: 'v2ToFhir (standard)' }).waitFor();
    await page.getByTestId('standard-banner').waitFor();
    // the editor renders the visible lines only: compare the first ones
    const shipped = await (await fetch(`${session.base}/Mapping/$standard/v2ToFhir`)).text();
    const top = (text: string) => text.split('\n').slice(0, 8).join('\n');
    await expect.poll(async () => top(await editorText(page, 'mapx-editor'))).toBe(top(shipped));
    await page.locator('[data-testid="mapx-editor"] .view-lines').click();
    await page.keyboard.type('typed');
    await page.keyboard.press('Escape');
    expect(await editorText(page, 'mapx-editor')).not.toContain('typed');
  });

  it('runs and explains it on an ADT^A01: a transaction Bundle, the PID segment read', async () => {
    const { page } = session.designer;
    await replaceEditorText(page, 'input-editor', ADT);
    await page.getByTestId('input-format').selectOption('x-application/hl7-v2+er7');
    await page.locator('[data-testid="mapx-editor"] .view-lines').click();
    await page.keyboard.press('ControlOrMeta+Enter');
    await page
      .getByTestId('run-status-code')
      .filter({ hasText: /^20[06]$/ })
      .waitFor();
    await expect.poll(() => editorText(page, 'output-json')).toContain('"type": "transaction"');
    // explain: the PID line fed the output, so it is not dimmed as unread
    const unread = await page
      .locator('[data-testid="input-editor"] .monaco-editor')
      .first()
      .evaluate((root) => {
        const tops = new Set(
          [...root.querySelectorAll('.view-overlays .explain-unread')].map(
            (n) => (n.parentElement as HTMLElement).style.top,
          ),
        );
        return [...root.querySelectorAll('.view-lines .view-line')]
          .filter((n) => tops.has((n as HTMLElement).style.top))
          .map((n) => (n.textContent ?? '').slice(0, 3));
      });
    expect(unread).not.toContain('PID');
    await page.getByRole('tab', { name: 'Explain' }).click();
    const summary = await page.getByTestId('explain-summary').innerText();
    expect(summary).toMatch(/^[1-9]\d* output elements · /);
    await screenshot(page, 'standard-run');
  });

  it('copies it to edit: saved under a new id it is a saved mapping; under its own id it overrides', async () => {
    const { page } = session.designer;
    await page.getByTestId('standard-banner').getByRole('button', { name: 'Copy to edit' }).click();
    await page.getByRole('tab', { name: 'v2ToFhir (copy)' }).waitFor();
    await page.locator('[data-testid="mapx-editor"] .view-lines').click();
    await page.keyboard.press('ControlOrMeta+S');
    const idField = page.getByRole('textbox', { name: 'Save as mapping' });
    await idField.fill('myV2ToFhir');
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').filter({ hasText: 'Created mapping myV2ToFhir (201)' }).waitFor();
    await page.getByTestId('mapping-myV2ToFhir').waitFor();

    // Save as… under the standard id: the user's mapping now wins over the standard one
    await page.getByRole('button', { name: 'Save as…' }).click();
    await page.getByRole('textbox', { name: 'Save as mapping' }).fill('v2ToFhir');
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').filter({ hasText: 'Created mapping v2ToFhir (201)' }).waitFor();
    await page.getByTestId('mapping-v2ToFhir').waitFor();
    await page.getByTestId('standard-mapping-v2ToFhir').filter({ hasText: '(overridden)' }).waitFor();
    const standard = (await (await fetch(`${session.base}/Mapping/$standard`)).json()) as {
      id: string;
      overridden: boolean;
    }[];
    expect(standard.find((m) => m.id === 'v2ToFhir')).toEqual({ id: 'v2ToFhir', overridden: true });
  });
});
