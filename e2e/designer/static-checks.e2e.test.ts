import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/start-service.js';
import { useDesignerSession } from './designer-session.js';
import { replaceEditorText, screenshot } from './designer-page.js';

/** Flat sibling rules: the second flat rule makes a second `coding` entry, so the code loses its system. */
const ISSUE_EXAMPLE = `InstanceOf: Observation
* status = "final"
* code.coding.code = OBX.ObservationIdentifier.Identifier
* code.coding.system = "http://loinc.org"`;

const NESTED = `InstanceOf: Observation
* status = "final"
* code.coding
  * code = OBX.ObservationIdentifier.Identifier
  * system = "http://loinc.org"`;

describe('static checks in the designer (Chromium, built service)', () => {
  const session = useDesignerSession({
    env: {
      MAPX_EDITION: 'enterprise',
      MAPX_DESIGNER_ENABLED: 'true',
      MAPPINGS_FOLDER: tempDir('mapx-e2e-static-'),
    },
    failurePrefix: 'static-failed',
  });

  it('marks the flat coding rules with a warning marker naming F5362 and the nested fix', async () => {
    const { page } = session.designer;
    await replaceEditorText(page, 'mapx-editor', ISSUE_EXAMPLE);
    await page.locator('[data-testid="mapx-editor"] .squiggly-warning').first().waitFor();
    expect(await page.locator('[data-testid="mapx-editor"] .squiggly-error').count()).toBe(0);
    // F8 opens the marker's widget: the keyboard way to what a hover shows
    const problem = page.locator('[data-testid="mapx-editor"] .marker-widget');
    await expect
      .poll(async () => {
        await page.keyboard.press('F8');
        return problem.innerText().catch(() => '');
      })
      .toMatch(/each create their own entry[\s\S]*\* code\.coding[\s\S]*F5362/);
    await screenshot(page, 'static-check-marker');
    await page.keyboard.press('Escape');

    await replaceEditorText(page, 'mapx-editor', NESTED);
    await expect
      .poll(() => page.locator('[data-testid="mapx-editor"] .squiggly-warning').count(), { timeout: 15_000 })
      .toBe(0);
  });
});
