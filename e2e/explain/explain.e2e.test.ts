import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tempDir } from '../helpers/start-service.js';
import { useDesignerSession } from '../designer/designer-session.js';
import { editorText, replaceEditorText, screenshot } from '../designer/designer-page.js';

const MAPPING = `InstanceOf: Patient
* name.family = PID.PatientName.FamilyName.Surname
* gender = PID.AdministrativeSex = "F" ? "female" : "male"
* birthDate = $substring(PID.DateTimeOfBirth.Time, 0, 4)
* deceasedBoolean = PID.PatientDeathIndicator`;

const ADT = [
  'MSH|^~\\&|A|F|||2023||ADT^A01|C1|P|2.5.1',
  'EVN|A01|20230405',
  'PID|1||42||Doe^Jane||19800102|F',
  'NK1|1|Doe^John|SPO',
].join('\n');

/** The text of each line of an editor that carries a whole-line decoration of `className`. */
async function decoratedLines(page: Page, testId: string, className: string): Promise<string[]> {
  const editor = page.locator(`[data-testid="${testId}"] .monaco-editor`).first();
  return editor.evaluate((root, cls) => {
    const tops = new Set(
      [...root.querySelectorAll(`.view-overlays .${cls}`)].map(
        (n) => (n.parentElement as HTMLElement).style.top,
      ),
    );
    return [...root.querySelectorAll('.view-lines .view-line')]
      .filter((n) => tops.has((n as HTMLElement).style.top))
      .map((n) => (n.textContent ?? '').replace(/\u00a0/g, ' '));
  }, className);
}

/** Puts the cursor on the line of an editor that shows `text`. */
async function clickLine(page: Page, testId: string, text: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"] .view-line`).filter({ hasText: text }).first().click();
}

describe('explain in the designer', () => {
  const session = useDesignerSession({
    env: {
      MAPX_DESIGNER_ENABLED: 'true',
      MAPPINGS_FOLDER: tempDir('mapx-e2e-explain-'),
    },
    failurePrefix: 'explain-failed',
  });

  it('runs an HL7 mapping explained: unread segments dimmed, the rule that produced nothing marked', async () => {
    const { page } = session.designer;
    await replaceEditorText(page, 'mapx-editor', MAPPING);
    await replaceEditorText(page, 'input-editor', ADT);
    await page.getByTestId('input-format').selectOption('x-application/hl7-v2+er7');
    await page.locator('[data-testid="mapx-editor"] .view-lines').click();
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByTestId('run-status-code').filter({ hasText: '200' }).waitFor();
    await expect.poll(() => editorText(page, 'output-json')).toContain('"family": "Doe"');

    await expect
      .poll(() => decoratedLines(page, 'input-editor', 'explain-unread'))
      .toEqual([
        expect.stringMatching(/^MSH\|/),
        expect.stringMatching(/^EVN\|/),
        expect.stringMatching(/^NK1\|/),
      ]);
    expect(await decoratedLines(page, 'mapx-editor', 'explain-empty-rule')).toEqual([
      '* deceasedBoolean = PID.PatientDeathIndicator',
    ]);
  });

  it('selecting an output element highlights its rule and its input segment', async () => {
    const { page } = session.designer;
    await clickLine(page, 'output-json', '"gender"');
    await expect
      .poll(() => decoratedLines(page, 'mapx-editor', 'explain-hit'))
      .toEqual(['* gender = PID.AdministrativeSex = "F" ? "female" : "male"']);
    expect(await decoratedLines(page, 'input-editor', 'explain-hit')).toEqual([
      expect.stringMatching(/^PID\|/),
    ]);
    expect(await decoratedLines(page, 'output-json', 'explain-hit')).toEqual([
      expect.stringContaining('"gender": "female"'),
    ]);
    await screenshot(page, 'explain-element');
  });

  it('selecting a rule highlights the output it produced', async () => {
    const { page } = session.designer;
    await clickLine(page, 'mapx-editor', 'birthDate');
    await expect
      .poll(() => decoratedLines(page, 'output-json', 'explain-hit'))
      .toEqual([expect.stringContaining('"birthDate": "1980"')]);
  });

  it('the Explain tab lists each element with its rule and input, and the rules that produced nothing', async () => {
    const { page } = session.designer;
    await page.getByRole('tab', { name: 'Explain' }).click();
    await expect
      .poll(() => page.getByTestId('explain-summary').innerText())
      .toMatch(/1 produced nothing · 3 input line\(s\) never read/);
    const row = page.locator('[data-testid="explain-element"][data-path="name[0].family"]');
    await expect
      .poll(() => row.innerText())
      .toMatch(/"Doe"\s+line 2:1\s+PID\.PatientName\.FamilyName\.Surname/);
    await row.hover();
    await expect
      .poll(() => decoratedLines(page, 'mapx-editor', 'explain-hit'))
      .toEqual(['* name.family = PID.PatientName.FamilyName.Surname']);
    expect(await page.getByTestId('explain-empty-rule').innerText()).toContain(
      'nothing at PID.PatientDeathIndicator',
    );
    await screenshot(page, 'explain-tab');
    expect(session.designer.problems).toEqual([]);
  });
});
