import { createEngine } from '@mapx/engine';
import type { FhirContext } from '@mapx/fhir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplateService } from './create-template-service.js';
import { loadR4Context } from './test-support/load-r4-context.js';

/** The R4 vital-signs profile family (vitalsigns and every profile derived from it in R4 core). */
const VITAL_SIGNS = [
  'vitalsigns',
  'vitalspanel',
  'bp',
  'bodyweight',
  'bodyheight',
  'bmi',
  'bodytemp',
  'headcircum',
  'heartrate',
  'oxygensat',
  'resprate',
];
/** Simple and complex extensions with different value types, slices and contexts. */
const EXTENSIONS = [
  'patient-birthPlace',
  'patient-nationality',
  'patient-citizenship',
  'patient-religion',
  'patient-mothersMaidenName',
  'patient-disability',
  'patient-proficiency',
  'data-absent-reason',
  'humanname-own-prefix',
  'iso21090-EN-use',
  'geolocation',
  'timing-daysOfCycle',
  'observation-bodyPosition',
  'condition-assertedDate',
  'questionnaire-itemControl',
  'event-statusReason',
  'structuredefinition-fmm',
  '11179-objectClass',
  'elementdefinition-translatable',
  'translation',
];

/** Every commented rule is promised to be valid once its `// ` is removed: check them all at once too. */
const uncommentAll = (source: string) => source.replace(/^( *)\/\/ \*/gm, '$1*');

describe('generated templates compile with the mapx engine', () => {
  let fhir: FhirContext;
  let dispose: () => void;
  beforeAll(async () => ({ fhir, dispose } = await loadR4Context()));
  afterAll(() => dispose());

  const idsOf = (kind: 'resource' | 'datatype') => {
    const list = createTemplateService().listIds(fhir, kind);
    return list.ok ? list.value : [];
  };

  async function compileFailures(ids: readonly string[]): Promise<string[]> {
    const engine = createEngine({ fhir: () => fhir });
    const service = createTemplateService();
    const failures: string[] = [];
    for (const id of ids) {
      const template = service.getTemplate(fhir, id);
      if (!template.ok) {
        failures.push(`${id}: ${template.code}`);
        continue;
      }
      for (const [variant, source] of [
        ['as generated', template.value],
        ['uncommented', uncommentAll(template.value)],
      ]) {
        try {
          await engine.compile(source ?? '');
        } catch (e) {
          const err = e as { code?: string; message?: string; line?: number };
          const line = (source ?? '').split('\n')[(err.line ?? 0) - 1] ?? '';
          failures.push(
            `${id} (${variant}): ${err.code ?? '?'} ${err.message ?? String(e)} at line ${err.line}: ${line}`,
          );
        }
      }
    }
    return failures;
  }

  it('all R4 core resource templates', async () => {
    const ids = idsOf('resource');
    expect(ids.length).toBe(148);
    expect(await compileFailures(ids)).toEqual([]);
  });

  it('all R4 core data-type templates', async () => {
    const ids = idsOf('datatype');
    expect(ids.length).toBe(66);
    expect(await compileFailures(ids)).toEqual([]);
  });

  it('the vital-signs profiles', async () => {
    expect(await compileFailures(VITAL_SIGNS)).toEqual([]);
  });

  it('twenty extension definitions', async () => {
    expect(EXTENSIONS).toHaveLength(20);
    expect(await compileFailures(EXTENSIONS)).toEqual([]);
  });

  it('reports a template that does not compile (the harness is not vacuous)', async () => {
    const engine = createEngine({ fhir: () => fhir });
    await expect(engine.compile('InstanceOf: bp\n* component[NoSuchSlice]')).rejects.toMatchObject({
      code: 'F2002',
    });
  });

  it('yields a valid bp Observation once only its TODO placeholders are filled in', async () => {
    const template = createTemplateService().getTemplate(fhir, 'bp');
    if (!template.ok) throw new Error(template.message);
    const todo = template.value.split('\n').filter((line) => line.includes('TODO'));
    expect(todo.map((line) => line.split('  //')[0])).toEqual(["* status = ''", '* subject']);
    const filled = template.value
      .replace("* status = ''", "* status = 'final'")
      .replace(/^\* subject .*$/m, "* subject\n  * reference = 'Patient/1'")
      .replace(/^\/\/ \* effectiveDateTime = ''/m, "* effectiveDateTime = '2020-01-01'");
    const report = await (await createEngine({ fhir: () => fhir }).compile(filled)).evaluateVerbose(null);
    expect(report.diagnostics.error).toEqual([]);
    expect(report.result).toMatchObject({
      resourceType: 'Observation',
      meta: { profile: ['http://hl7.org/fhir/StructureDefinition/bp'] },
      status: 'final',
      category: [
        {
          coding: [
            { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' },
          ],
        },
      ],
      code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] },
      subject: { reference: 'Patient/1' },
      effectiveDateTime: '2020-01-01',
      component: [
        { code: { coding: [{ system: 'http://loinc.org', code: '8480-6' }] } },
        { code: { coding: [{ system: 'http://loinc.org', code: '8462-4' }] } },
      ],
    });
  });
});
