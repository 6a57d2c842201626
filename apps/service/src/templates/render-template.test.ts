import type { FhirContext } from '@mapx/fhir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTemplate } from './render-template.js';
import { asStructureDefinition } from './template-types.js';
import { loadR4Context } from './test-support/load-r4-context.js';

describe('renderTemplate on R4 core definitions', () => {
  let fhir: FhirContext;
  let dispose: () => void;
  beforeAll(async () => ({ fhir, dispose } = await loadR4Context()));
  afterAll(() => dispose());

  const render = (id: string) => {
    const sd = asStructureDefinition(fhir.getStructureDefinition(id));
    if (!sd) throw new Error(`no definition ${id}`);
    return renderTemplate(sd, { kind: 'profile', packageLabel: 'hl7.fhir.r4.core#4.0.1' }).split('\n');
  };
  const ruleOf = (lines: string[], prefix: string) => lines.find((line) => line.startsWith(prefix));

  it('starts with a header naming title, canonical and package, then the InstanceOf line', () => {
    const lines = render('bp');
    expect(lines).toContain('// Template for: Observation Blood Pressure Profile');
    expect(lines).toContain('// Canonical: http://hl7.org/fhir/StructureDefinition/bp|4.0.1');
    expect(lines).toContain('// Package: hl7.fhir.r4.core#4.0.1');
    const instanceOf = lines.findIndex((line) => line.startsWith('InstanceOf:'));
    expect(lines[instanceOf]).toBe('InstanceOf: bp');
    expect(lines.slice(0, instanceOf).every((line) => line.startsWith('//'))).toBe(true);
  });

  it('makes mandatory elements live with a placeholder and keeps optional ones commented', () => {
    const lines = render('bp');
    expect(ruleOf(lines, '* status')).toMatch(
      /^\* status = '' {2}\/\/ TODO.*1\.\.1 \| code \| binding required http:\/\/hl7\.org\/fhir\/ValueSet\/observation-status\|4\.0\.1$/,
    );
    expect(ruleOf(lines, '* subject')).toMatch(/^\* subject {2}\/\/ TODO.*Reference\(Patient\)/);
    expect(ruleOf(lines, '// * issued')).toBe("// * issued = ''  // 0..1 | instant");
    expect(
      lines.some((line) => /^\/?\/? ?\* (meta|text|contained|implicitRules|id|extension)\b/.test(line)),
    ).toBe(false);
  });

  it('writes mandatory slices as name[slice] with nested rules and fixed values only as comments', () => {
    const lines = render('bp');
    const systolic = lines.indexOf(lines.find((l) => l.startsWith('* component[SystolicBP]')) ?? '');
    expect(systolic).toBeGreaterThan(0);
    expect(lines[systolic]).toContain('slice SystolicBP');
    const block = lines.slice(
      systolic + 1,
      lines.findIndex((l, i) => i > systolic && !l.startsWith(' ')),
    );
    expect(block).toContain(
      '  * code  // mandatory; its required content is fixed and added by the engine | 1..1 | CodeableConcept | binding extensible http://hl7.org/fhir/ValueSet/observation-vitalsignresult',
    );
    expect(block.some((l) => l.startsWith('    // * code = "mm[Hg]"') && l.includes('fixed "mm[Hg]"'))).toBe(
      true,
    );
    expect(block.some((l) => /^\s+\* (system|code) = /.test(l))).toBe(false);
    expect(lines.some((l) => l.startsWith('// * component ') && l.includes('satisfied by its slices'))).toBe(
      true,
    );
  });

  it('spells choice elements as JSON names and marks a mandatory choice without picking a type', () => {
    const lines = render('bp');
    expect(ruleOf(lines, '// * effectiveDateTime')).toContain('mandatory');
    expect(ruleOf(lines, '// * effectiveDateTime')).toContain(
      'choice: use one of effectiveDateTime, effectivePeriod',
    );
    expect(ruleOf(lines, '// * effectivePeriod')).toBe('// * effectivePeriod  // mandatory | 1..1 | Period');
    expect(lines.some((l) => l.includes('value[x]') && /^\s*(\/\/ )?\*/.test(l))).toBe(false);
  });

  it('uses the type slice of a profiled choice (bodyweight valueQuantity)', () => {
    const lines = render('bodyweight');
    const at = lines.findIndex((l) => l.startsWith('// * valueQuantity'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toMatch(/^ {2}\/\/ \* value = '' {2}\/\/ mandatory \| 1\.\.1 \| decimal$/);
  });

  it('renders complex extensions as extension[slice] with the fixed url commented', () => {
    const lines = render('patient-nationality');
    expect(lines).toContain('// * extension[code]  // slice code | 0..1 | Extension');
    expect(lines).toContain('  // * valueCodeableConcept  // mandatory | 1..1 | CodeableConcept');
    expect(
      ruleOf(lines, '// * url = "http://hl7.org/fhir/StructureDefinition/patient-nationality"'),
    ).toContain('fixed');
  });

  it('makes the value of a simple extension live when it is mandatory', () => {
    expect(render('patient-birthPlace')).toContain(
      '* valueAddress  // TODO: mandatory, replace the placeholder | 1..1 | Address',
    );
  });

  it('stops optional elements below three levels but nests backbone elements up to there', () => {
    const lines = render('Questionnaire');
    expect(lines).toContain("  // * linkId = ''  // mandatory | 1..1 | string");
    expect(lines.some((l) => l.startsWith('      '))).toBe(false);
    expect(lines.some((l) => l.startsWith('    // * '))).toBe(true);
  });

  it('escapes element names that are JSONata keywords', () => {
    const all = fhir
      .listStructureDefinitions()
      .filter((s) => s.kind === 'resource' && s.derivation !== 'constraint');
    const withKeyword = all.flatMap((s) => render(s.id).filter((l) => l.includes('`function`')));
    expect(withKeyword.length).toBeGreaterThan(0);
    expect(withKeyword.every((l) => /\* `function`/.test(l))).toBe(true);
  });

  it('gives primitive types a rule-less block', () => {
    const lines = render('string');
    expect(lines.slice(lines.indexOf('InstanceOf: string') + 1).filter((l) => /\*/.test(l))).toEqual([]);
  });
});
