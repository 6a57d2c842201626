import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, type Engine } from '@mapx/engine';
import type { FhirContext } from '@mapx/fhir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplateService } from './create-template-service.js';
import { loadR4Context } from './test-support/load-r4-context.js';

const ADT_MAPPING = join(import.meta.dirname, '../../../../bench/fixtures/adt-to-bundle.mapx');
const uncommentAll = (source: string) => source.replace(/^( *)\/\/ \*/gm, '$1*');
type Kind = 'profile' | 'resource' | 'datatype' | 'extension';

/**
 * The static checks (docs/authoring.md) must say nothing about mappings that are right: every template generated
 * from R4 core, as generated and with every optional rule uncommented, and the ADT → Bundle mapping of bench/.
 * A warning here is a false positive of a check.
 */
describe('static checks: no warning on R4 core templates and the bench ADT mapping', () => {
  let fhir: FhirContext;
  let dispose: () => void;
  let engine: Engine;
  beforeAll(async () => {
    ({ fhir, dispose } = await loadR4Context());
    engine = createEngine({ fhir: () => fhir });
  });
  afterAll(() => dispose());

  async function warningsOf(name: string, source: string): Promise<string[]> {
    const compiled = await engine.compile(source);
    return compiled.warnings.map((w) => `${name} line ${w.line}: ${w.code} ${w.message}`);
  }

  async function templateWarnings(kind: Kind): Promise<{ count: number; warnings: string[] }> {
    const service = createTemplateService();
    const ids = service.listIds(fhir, kind);
    if (!ids.ok) throw new Error(`no ${kind} list`);
    const warnings: string[] = [];
    let count = 0;
    for (const id of ids.value) {
      const template = service.getTemplate(fhir, id);
      if (!template.ok) continue;
      for (const [variant, source] of [
        ['', template.value],
        [' (uncommented)', uncommentAll(template.value)],
      ] as const) {
        // compile failures are compile-templates.int.test.ts's subject
        const found = await warningsOf(id + variant, source).catch(() => undefined);
        if (found) warnings.push(...found);
        if (found) count++;
      }
    }
    return { count, warnings };
  }

  it.each([
    ['profile', 43],
    ['resource', 148],
    ['datatype', 66],
    ['extension', 393],
  ] as const)('every %s template (%i definitions)', async (kind, definitions) => {
    const { count, warnings } = await templateWarnings(kind);
    expect(count).toBeGreaterThanOrEqual(2 * definitions - 2);
    expect(warnings).toEqual([]);
  });

  it('the ADT^A01 → transaction Bundle mapping of bench/', async () => {
    expect(await warningsOf('adt', readFileSync(ADT_MAPPING, 'utf8'))).toEqual([]);
  });

  it('the harness sees warnings (not vacuous): an R4 template with two flat coding rules', async () => {
    const template = createTemplateService().getTemplate(fhir, 'Observation');
    if (!template.ok) throw new Error(template.message);
    const source = `${template.value}\n* code.coding.code = c\n* code.coding.system = 'http://loinc.org'`;
    expect((await warningsOf('Observation', source)).join('\n')).toMatch(/F5362/);
  });
});
