import type { FhirContext, TerminologyRuntime } from '@mapx/fhir';
import { describe, expect, test } from 'vitest';
import { createEngine } from '../src/index.js';
import { r4 } from './helpers/test-engine.js';

/** The real R4 terminology runtime, with a record of the calls the engine makes (§5.7 expansion modes). */
function recording(rt: TerminologyRuntime): { rt: TerminologyRuntime; calls: string[] } {
  const calls: string[] = [];
  const wrapped: TerminologyRuntime = {
    expand: (vs, pkg) => (calls.push(`expand ${vs}`), rt.expand(vs, pkg)),
    expansionSize: (vs, pkg) => (calls.push(`size ${vs}`), rt.expansionSize(vs, pkg)),
    lookup: (vs, code, pkg) => (calls.push(`lookup ${vs}`), rt.lookup(vs, code, pkg)),
    translate: (code, cm, pkg) => rt.translate(code, cm, pkg),
    addConceptMaps: (maps) => rt.addConceptMaps(maps),
    flushExternal: () => rt.flushExternal(),
  };
  return { rt: wrapped, calls };
}

async function engineWith(terminology: TerminologyRuntime | undefined) {
  const base = await r4();
  const ctx = { ...base, terminology } as FhirContext;
  return createEngine({ fhir: () => ctx });
}

const GENDER_VS = 'http://hl7.org/fhir/ValueSet/administrative-gender|4.0.1';
const RESOURCE_TYPES_VS = 'http://hl7.org/fhir/ValueSet/resource-types|4.0.1';

describe('§5.7 expansion modes', () => {
  test('full: a small ValueSet is expanded once at compile time; evaluations never ask the runtime', async () => {
    const { rt, calls } = recording((await r4()).terminology);
    const engine = await engineWith(rt);
    const compiled = await engine.compile(
      "InstanceOf: Patient\n* gender = $g\n* maritalStatus.coding.code = 'S'",
    );
    expect(calls).toContain(`expand ${GENDER_VS}`);
    const before = calls.length;
    const result = await compiled.evaluate(null, { g: 'female' });
    expect(result).toMatchObject({
      gender: 'female',
      maritalStatus: { coding: [{ display: 'Never Married' }] },
    });
    await expect(compiled.evaluate(null, { g: 'F' })).rejects.toMatchObject({
      code: 'F5120',
      expansionMode: 'full',
    });
    expect(calls.slice(before)).toEqual([]);
  });

  test('the decision is cached per ValueSet and package across compiled expressions', async () => {
    const { rt, calls } = recording((await r4()).terminology);
    const engine = await engineWith(rt);
    await engine.compile("InstanceOf: Patient\n* gender = 'male'");
    await engine.compile("InstanceOf: Patient\n* gender = 'other'\n* active = true");
    expect(calls.filter((c) => c === `size ${GENDER_VS}`)).toHaveLength(1);
  });

  test('lazy: a ValueSet above 20 concepts is asked per value at run time', async () => {
    const { rt, calls } = recording((await r4()).terminology);
    const engine = await engineWith(rt);
    const compiled = await engine.compile('InstanceOf: SearchParameter\n* base = $b');
    expect(calls).not.toContain(`expand ${RESOURCE_TYPES_VS}`);
    const report = await compiled.evaluateVerbose(null, { b: 'Observation' });
    expect(report.diagnostics.error.map((d) => d.code)).not.toContain('F5120');
    expect(calls).toContain(`lookup ${RESOURCE_TYPES_VS}`);
    await expect(compiled.evaluate(null, { b: 'Observatio' })).rejects.toMatchObject({
      code: 'F5120',
      expansionMode: 'lazy',
      bindingStrength: 'required',
    });
  });

  test('no terminology runtime: required bindings raise F5215 (lazy), injection-only bindings stay silent', async () => {
    const engine = await engineWith(undefined);
    const gender = await engine.compile("InstanceOf: Patient\n* gender = 'male'");
    await expect(gender.evaluate(null)).rejects.toMatchObject({
      code: 'F5215',
      message: 'Cannot perform operation "validateBinding": terminology runtime is not configured.',
      expansionMode: 'lazy',
      fhirElement: 'gender',
      line: 2,
    });
    const lenient = await gender.evaluateVerbose(null, { throwLevel: 20 });
    expect(lenient).toMatchObject({ status: 200, result: { gender: 'male' } });
    expect(lenient.diagnostics.error[0]).toMatchObject({ code: 'F5215', severity: 21, level: 'error' });
    const marital = await engine.compile("InstanceOf: Patient\n* maritalStatus.coding.code = 'M'");
    expect(await marital.evaluateVerbose(null)).toMatchObject({
      status: 200,
      result: { maritalStatus: { coding: [{ code: 'M' }] } },
      diagnostics: { error: [], warning: [] },
    });
  });
});
