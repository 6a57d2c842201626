import type { FhirContext } from '@mapx/fhir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplateService } from './create-template-service.js';
import { asStructureDefinition, TEMPLATE_KINDS } from './template-types.js';
import { checkTemplateStructure } from './test-support/check-template-structure.js';
import { loadR4Context } from './test-support/load-r4-context.js';

describe('every R4 core template is structurally sound', () => {
  let fhir: FhirContext;
  let dispose: () => void;
  beforeAll(async () => ({ fhir, dispose } = await loadR4Context()));
  afterAll(() => dispose());

  it.each(TEMPLATE_KINDS)(
    'all %s templates: paths resolve, indentation and live/commented nesting hold',
    (kind) => {
      const service = createTemplateService();
      const list = service.listIds(fhir, kind);
      if (!list.ok) throw new Error(list.message);
      expect(list.value.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const id of list.value) {
        const sd = asStructureDefinition(fhir.getStructureDefinition(id));
        const template = service.getTemplate(fhir, id);
        if (!sd || !template.ok) {
          problems.push(`${id}: no template`);
          continue;
        }
        problems.push(...checkTemplateStructure(template.value, sd).map((p) => `${id} ${p}`));
      }
      expect(problems).toEqual([]);
    },
  );

  it('flags broken templates (the checker is not vacuous)', () => {
    const sd = asStructureDefinition(fhir.getStructureDefinition('bp'));
    const template = createTemplateService().getTemplate(fhir, 'bp');
    if (!sd || !template.ok) throw new Error('bp missing');
    const broken = template.value
      .replace('* status', '* statuz')
      .replace("// * issued = ''", "* issued = ''")
      .replace('  * code  //', '   * code  //');
    const problems = checkTemplateStructure(broken, sd);
    expect(problems.slice(0, 3)).toEqual([
      expect.stringContaining("path segment 'statuz' does not resolve"),
      expect.stringContaining('live rule on an optional or fixed element'),
      expect.stringContaining('odd indentation'),
    ]);
    // the mis-indented rule's children no longer sit one level below a rule
    expect(problems.slice(3).length).toBeGreaterThan(0);
    expect(problems.slice(3).every((p) => p.includes('indentation skips a level'))).toBe(true);
  });
});
