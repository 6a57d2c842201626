import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tempDir } from '../helpers/start-service.js';
import { useDesignerSession } from './designer-session.js';
import { editorText, openDesigner, replaceEditorText, screenshot } from './designer-page.js';

const BROKEN = `InstanceOf: Patient
* name
   * given = first
* gender = sex`;

const FIXED = `InstanceOf: Patient
* identifier
  * system = 'http://example.org/mrn'
  * value = mrn
* name
  * given = first
  * family = last
* gender = sex
* birthDate = dob`;

const CSV = 'mrn,first,last,sex,dob\nA7,Noa,Cohen,female,1985-02-03\n';
const MAPPING_ID = 'e2ePatientFromCsv';

async function expectRunStatus(page: Page, status: string): Promise<void> {
  await page.getByTestId('run-status-code').filter({ hasText: status }).waitFor();
}

describe('the designer in Chromium against the built service', () => {
  const session = useDesignerSession({
    env: {
      MAPX_EDITION: 'enterprise',
      MAPX_DESIGNER_ENABLED: 'true',
      MAPPINGS_FOLDER: tempDir('mapx-e2e-designer-'),
    },
    failurePrefix: 'failed',
  });

  it('indents FLASH rules on Enter, even when the browser is never idle', async () => {
    // Its own tab, where idle callbacks come late: Enter must not depend on background tokenization.
    const { page, problems } = await openDesigner(session.browser, `${session.base}/designer/`, {
      idleDelayMs: 2_000,
    });
    try {
      await page.getByRole('button', { name: 'New', exact: true }).click();
      await page.locator('[data-testid="mapx-editor"] .view-lines').click();
      const typeLine = async (text: string) => {
        await page.keyboard.type(text);
        await expect.poll(() => editorText(page, 'mapx-editor')).toContain(text);
        // Enter always starts a new line in the mapx editor, even with a suggestion list open (Tab accepts).
        await page.keyboard.press('Enter');
      };
      await typeLine('InstanceOf: Patient');
      await expect.poll(() => editorText(page, 'mapx-editor')).toBe('InstanceOf: Patient\n* ');
      await typeLine('name');
      await expect.poll(() => editorText(page, 'mapx-editor')).toBe('InstanceOf: Patient\n* name\n  * ');
      await typeLine('given = first');
      await expect
        .poll(() => editorText(page, 'mapx-editor'))
        .toBe('InstanceOf: Patient\n* name\n  * given = first\n  * ');
      expect(problems).toEqual([]);
    } catch (error) {
      await screenshot(page, 'failed-enter-busy');
      throw error;
    } finally {
      await page.context().close();
    }
  });

  it('marks an indentation error while typing, then runs the fixed mapping against CSV', async () => {
    const { page } = session.designer;
    await replaceEditorText(page, 'mapx-editor', BROKEN);
    const squiggle = page.locator('[data-testid="mapx-editor"] .squiggly-error').first();
    await squiggle.waitFor();
    // F8 (next problem) shows the marker's message and code, the keyboard way to what a hover shows. Markers of
    // the previous text stay until the debounced check of the new one answers, hence the retry.
    const problem = page.locator('[data-testid="mapx-editor"] .marker-widget');
    await expect
      .poll(async () => {
        await page.keyboard.press('F8');
        return problem.innerText().catch(() => '');
      })
      .toMatch(/increments of 2[\s\S]*F1021/);
    await screenshot(page, 'indentation-marker');

    await replaceEditorText(page, 'mapx-editor', FIXED);
    await page.getByTestId('live-status').filter({ hasText: 'No problems' }).waitFor();
    expect(await page.locator('[data-testid="mapx-editor"] .squiggly-error').count()).toBe(0);

    await replaceEditorText(page, 'input-editor', CSV);
    await page.getByTestId('input-format').selectOption('text/csv');
    await page.locator('[data-testid="mapx-editor"] .view-lines').click();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expectRunStatus(page, '200');
    await expect.poll(() => editorText(page, 'output-json')).toContain('"resourceType": "Patient"');
    expect(await editorText(page, 'output-json')).toContain('"Noa"');
    await screenshot(page, 'run-csv');
  });

  it('saves the mapping (201), reopens it after a reload, runs it and deletes it', async () => {
    const { page } = session.designer;
    await page.keyboard.press('ControlOrMeta+S');
    const idField = page.getByRole('textbox', { name: 'Save as mapping' });
    await idField.fill(MAPPING_ID);
    await page.keyboard.press('Enter');
    await page
      .getByTestId('toast')
      .filter({ hasText: `Created mapping ${MAPPING_ID} (201)` })
      .waitFor();

    await page.reload();
    await page.getByTestId('connection-online').waitFor();
    await page
      .getByTestId(`mapping-${MAPPING_ID}`)
      .getByRole('button', { name: MAPPING_ID, exact: true })
      .click();
    await page.getByRole('tab', { name: MAPPING_ID }).waitFor();
    expect(await editorText(page, 'mapx-editor')).toContain('* birthDate = dob');

    await replaceEditorText(page, 'input-editor', CSV);
    await page.getByTestId('input-format').selectOption('text/csv');
    await page.getByRole('button', { name: 'Run saved' }).click();
    await expectRunStatus(page, '200');
    expect(await page.getByTestId('run-status').innerText()).toContain(`mapping ${MAPPING_ID}`);
    await screenshot(page, 'saved-mapping');

    await page.getByRole('button', { name: `Delete ${MAPPING_ID}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `Deleted mapping ${MAPPING_ID}` })
      .waitFor();
    await page.getByTestId(`mapping-${MAPPING_ID}`).waitFor({ state: 'detached' });
    const listed = (await (await fetch(`${session.base}/Mapping`)).json()) as string[];
    expect(listed).not.toContain(MAPPING_ID);
  });

  it('opens the bp template in a new tab', async () => {
    const { page } = session.designer;
    await page.getByTestId('template-type').selectOption('profile');
    await page.getByRole('searchbox', { name: 'Filter templates' }).fill('bp');
    await page.getByTestId('template-bp').getByRole('button', { name: 'bp', exact: true }).click();
    await page.getByRole('tab', { name: 'bp (template)' }).waitFor();
    await page
      .locator('[data-testid="mapx-editor"] .view-lines')
      .filter({ hasText: 'InstanceOf:' })
      .waitFor();
    expect(await editorText(page, 'mapx-editor')).toMatch(/InstanceOf:\s+bp/);
    await screenshot(page, 'bp-template');
  });

  it('offers component[SystolicBP] inside an InstanceOf: bp block', async () => {
    const { page } = session.designer;
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await replaceEditorText(page, 'mapx-editor', "InstanceOf: bp\n* status = 'final'\n* comp");
    const suggestion = page
      .locator('.suggest-widget .monaco-list-row')
      .filter({ hasText: 'component[SystolicBP]' });
    // Element completions come from GET /fhir/elements; on a busy machine the first request for a suggestion may
    // open the widget before they arrive, so ask again (as a user would) until they show, within a bound.
    for (let attempt = 0; attempt < 6; attempt++) {
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Space');
      const shown = await suggestion
        .first()
        .waitFor({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      if (shown) break;
    }
    await suggestion.first().waitFor({ timeout: 5_000 });
    await screenshot(page, 'completion');
    await page.keyboard.press('Escape');
  });

  it('shows a lost connection and recovers from it', async () => {
    const { page } = session.designer;
    await page.route(`${session.base}/health`, (route) => route.abort());
    await page.route(`${session.base}/`, (route) => route.abort());
    // The designer re-checks the connection when the browser says it is back online (or on focus).
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByTestId('connection-offline').waitFor({ timeout: 30_000 });
    await screenshot(page, 'offline');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Retry now' }).click();
    await page.getByTestId('connection-online').waitFor();
  });

  it('links the language guide and the function reference from the toolbar', async () => {
    const help = session.designer.page.getByRole('navigation', { name: 'Help' });
    const guide = help.getByRole('link', { name: 'Language guide' });
    expect(await guide.getAttribute('href')).toBe(
      'https://github.com/mapx-fhir/mapx/blob/main/docs/guide/README.md',
    );
    expect(await guide.getAttribute('target')).toBe('_blank');
    expect(await help.getByRole('link', { name: 'Functions' }).getAttribute('href')).toBe(
      'https://github.com/mapx-fhir/mapx/blob/main/docs/guide/functions/README.md',
    );
  });

  it('ran without CSP violations or page errors', () => {
    expect(session.designer.problems).toEqual([]);
  });
});
