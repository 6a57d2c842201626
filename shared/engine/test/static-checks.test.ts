import { describe, expect, test } from 'vitest';
import { r4Engine } from './helpers/test-engine.js';

/** The static warnings of a source (F5351 is the resolver's, not a static check of this suite). */
async function staticWarnings(source: string) {
  const engine = await r4Engine();
  const compiled = await engine.compile(source);
  return compiled.warnings.filter((w) => w.code.startsWith('F536'));
}

async function verbose(source: string, input: unknown = {}) {
  const engine = await r4Engine();
  return (await engine.compile(source)).evaluateVerbose(input);
}

const lines = (...l: string[]) => l.join('\n');

describe('F5361: a later rule replaces the value an earlier rule set', () => {
  const source = lines(
    'InstanceOf: Observation',
    "* status = 'final'",
    '* code.text = t',
    "* code.text = 'fixed'",
  );

  test('warns at the later rule, naming both lines, and the earlier value is really gone', async () => {
    const [w, ...rest] = await staticWarnings(source);
    expect(rest).toEqual([]);
    expect(w).toMatchObject({
      code: 'F5361',
      line: 4,
      fhirElement: 'code.text',
      earlierLine: 3,
      value: 'fixed',
    });
    expect(w!.start).toBe(source.indexOf("* code.text = 'fixed'"));
    const r = await verbose(source, { t: 'from input' });
    expect(r.result).toMatchObject({ code: { text: 'fixed' } });
    expect(r.diagnostics.warning.map((d) => d.code)).toContain('F5361');
  });

  test.each([
    [
      'a later non-literal value (a fallback: it may be empty)',
      ["* code.text = 'default'", '* code.text = t'],
    ],
    ['a context on the later rule (it may select nothing)', ['* code.text = t', "* (flag).code.text = 'x'"]],
    [
      'a repeating element on the way (each rule makes its own entry)',
      ["* note.text = 'a'", "* note.text = 'b'"],
    ],
    ['different elements', ["* code.text = 'a'", "* valueString = 'b'"]],
  ])('does not warn for %s', async (_name, rules) => {
    expect(await staticWarnings(lines('InstanceOf: Observation', "* status = 'final'", ...rules))).toEqual(
      [],
    );
  });
});

describe('F5362: flat sibling rules on a repeating element make separate entries', () => {
  const issue = lines(
    'InstanceOf: Observation',
    '* status = "final"',
    '* code.coding.code = OBX.ObservationIdentifier.Identifier',
    '* code.coding.system = "http://loinc.org"',
  );

  test('flat coding rules warn with the nested form, and the result really has two codings', async () => {
    const warnings = await staticWarnings(issue);
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'F5362', line: 4, element: 'code.coding', nest: 'code.coding' }),
    ]);
    expect(warnings[0]!.message).toContain('"* code.coding" with "* code" and "* system" indented under it');
    const r = await verbose(issue, { OBX: { ObservationIdentifier: { Identifier: '8867-4' } } });
    expect((r.result as { code: { coding: unknown[] } }).code.coding).toEqual([
      { code: '8867-4' },
      { system: 'http://loinc.org' },
    ]);
  });

  test('the nested form the message gives fills one entry and passes the check (deep path)', async () => {
    const flat = lines(
      'InstanceOf: Patient',
      "* communication.language.coding.code = 'en'",
      "* communication.language.coding.system = 'urn:ietf:bcp:47'",
    );
    const [w] = await staticWarnings(flat);
    expect(w).toMatchObject({
      code: 'F5362',
      element: 'communication',
      nest: 'communication.language.coding',
    });
    const fixed = lines(
      'InstanceOf: Patient',
      `* ${String(w!['nest'])}`,
      `  * ${String(w!['firstChild'])} = 'en'`,
      `  * ${String(w!['secondChild'])} = 'urn:ietf:bcp:47'`,
    );
    expect(await staticWarnings(fixed)).toEqual([]);
    expect((await verbose(fixed)).result).toMatchObject({
      communication: [{ language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'en' }] } }],
    });
  });

  test('name.family then name.given warns at the second rule', async () => {
    const w = await staticWarnings(lines('InstanceOf: Patient', "* name.family = 'A'", "* name.given = 'B'"));
    expect(w).toEqual([expect.objectContaining({ code: 'F5362', line: 3, element: 'name' })]);
  });

  test.each([
    ['the nested form', ['* code.coding', '  * code = c', "  * system = 'http://loinc.org'"]],
    ['identical paths (two entries meant)', ["* identifier.value = 'a'", "* identifier.value = 'b'"]],
    [
      'a single-valued parent (merged into one)',
      ['* valueQuantity.value = 1', "* valueQuantity.unit = 'kg'"],
    ],
    [
      'rules with a context (one entry per context item)',
      ['* (xs).note.text = t', '* (xs).note.authorString = a'],
    ],
    ['a single slice (max 1)', []],
  ])('does not warn for %s', async (_name, rules) => {
    const source = rules.length
      ? lines('InstanceOf: Observation', "* status = 'final'", '* code.text = t', ...rules)
      : lines(
          'InstanceOf: bp',
          "* status = 'final'",
          "* subject.reference = 'Patient/1'",
          "* effectiveDateTime = '2020-01-01'",
          '* component[SystolicBP].valueQuantity.value = 120',
          '* component[SystolicBP].valueQuantity.unit = "mmHg"',
        );
    expect(await staticWarnings(source)).toEqual([]);
  });
});

describe('F5363/F5364: a literal that can never fit the element', () => {
  test.each([
    ['a date in a locale format', '* birthDate = "05/04/2023"', 'F5111', 'date'],
    ['a word into an integer', '* multipleBirthInteger = "two"', 'F5110', 'integer'],
    ['a code with a leading space', '* gender = " male"', 'F5113', 'code'],
  ])('warns for %s, and the run-time check really refuses it', async (_name, rule, check, fhirType) => {
    const source = lines('InstanceOf: Patient', rule);
    expect(await staticWarnings(source)).toEqual([
      expect.objectContaining({ code: 'F5363', line: 2, check, fhirType }),
    ]);
    const r = await verbose(source);
    expect(r.diagnostics.error.map((d) => d.code)).toContain(check);
  });

  test('a code outside a required binding warns F5364 with the allowed codes; F5120 follows at run time', async () => {
    const source = lines('InstanceOf: Patient', "* gender = 'F'");
    const [w] = await staticWarnings(source);
    expect(w).toMatchObject({
      code: 'F5364',
      value: 'F',
      valueSet: expect.stringContaining('administrative-gender'),
    });
    expect(w!.message).toContain('male, female, other, unknown');
    expect((await verbose(source)).diagnostics.error.map((d) => d.code)).toContain('F5120');
  });

  test('a larger required ValueSet the runtime expands (resource-types, 148 codes) is checked as the builder does', async () => {
    const source = (base: string) =>
      lines(
        'InstanceOf: SearchParameter',
        "* url = 'http://example.org/sp'",
        "* name = 'n'",
        "* status = 'draft'",
        "* description = 'd'",
        "* code = 'c'",
        `* base = '${base}'`,
        "* type = 'token'",
      );
    expect(await staticWarnings(source('Patinet'))).toEqual([
      expect.objectContaining({ code: 'F5364', line: 7, value: 'Patinet' }),
    ]);
    expect((await verbose(source('Patinet'))).diagnostics.error.map((d) => d.code)).toContain('F5120');
    expect(await staticWarnings(source('Patient'))).toEqual([]);
  });

  test.each([
    ['valid values', ["* birthDate = '2020-01-01'", "* gender = 'female'", "* multipleBirthInteger = '2'"]],
    ['a dateTime into a date (truncated, §5.8)', ["* birthDate = '2020-01-01T10:00:00Z'"]],
    ["the template placeholder ''", ["* birthDate = ''", "* gender = ''"]],
    ['non-literal values', ['* birthDate = dob', '* gender = sex']],
    ['validation switched off by the source', ['$validationLevel := 0;']],
  ])('does not warn for %s', async (_name, rules) => {
    const source =
      rules[0] === '$validationLevel := 0;'
        ? lines('($validationLevel := 0;', 'InstanceOf: Patient', "* birthDate = 'x')")
        : lines('InstanceOf: Patient', ...rules);
    expect(await staticWarnings(source)).toEqual([]);
  });
});

describe('F5365: a variable assigned and never read', () => {
  test('warns at the assignment', async () => {
    const source = '$unused := 1; $used := 2; $used';
    expect(await staticWarnings(source)).toEqual([
      expect.objectContaining({ code: 'F5365', token: '$unused', start: 0, position: 7, line: 1 }),
    ]);
  });

  test.each([
    ['a variable read in a FLASH rule', lines('$mrn := id;', 'InstanceOf: Patient', '* id = $mrn')],
    ['a threshold the engine reads', '$throwLevel := 10; 1'],
    ['a variable read by a lambda defined before it', '$f := function() { $late }; $late := 1; $f()'],
    ['a source calling a saved mapping (it runs in this scope)', '$x := 1; $someSavedMapping()'],
    ['a source calling $eval', "$x := 1; $eval('$x')"],
  ])('does not warn for %s', async (_name, source) => {
    expect(await staticWarnings(source)).toEqual([]);
  });
});

describe('F5366: expressions that can never be reached', () => {
  test('a rule after a rule whose value is $error() warns, and the evaluation really stops there', async () => {
    const source = lines('InstanceOf: Patient', "* id = $error('stop')", '* active = true');
    expect(await staticWarnings(source)).toEqual([
      expect.objectContaining({ code: 'F5366', line: 3, thrownAt: 2 }),
    ]);
    expect((await verbose(source)).diagnostics.error.map((d) => d.message)).toContain('stop');
  });

  test('a statement after a bare $error() in a sequence warns', async () => {
    expect(await staticWarnings("($error('x'); 5)")).toEqual([
      expect.objectContaining({ code: 'F5366', line: 1, start: 14 }),
    ]);
  });

  test.each([
    ['a conditional $error()', "(a ? $error('x'); 5)"],
    ['$error() as the last statement', '($a := 1; $error($string($a)))'],
    [
      'a rule with a context around $error()',
      lines('InstanceOf: Patient', "* (bad).id = $error('x')", '* active = true'),
    ],
    [
      '$error() inside a larger value',
      lines('InstanceOf: Patient', "* id = a ? a : $error('x')", '* active = true'),
    ],
  ])('does not warn for %s', async (_name, source) => {
    expect(await staticWarnings(source)).toEqual([]);
  });
});

describe('did you mean: unknown element, choice type and slice names', () => {
  async function compileError(source: string) {
    const engine = await r4Engine();
    return engine.compile(source).then(
      () => undefined,
      (e: { code: string; message: string; suggestion?: string }) => e,
    );
  }

  test.each([
    ['an element name', lines('InstanceOf: Patient', "* birthdate = '2020-01-01'"), 'birthDate'],
    ['a choice type', lines('InstanceOf: Observation', '* valueQuantty.value = 1'), 'valueQuantity'],
    [
      'a slice',
      lines('InstanceOf: bp', '* component[Systolc].valueQuantity.value = 1'),
      'component[SystolicBP]',
    ],
  ])('the F2002 of a misspelt %s suggests the close name', async (_name, source, suggestion) => {
    const e = await compileError(source);
    expect(e).toMatchObject({ code: 'F2002', suggestion });
    expect(e!.message).toMatch(
      new RegExp(`was not found in "\\w+"\\. Did you mean "${suggestion.replace(/[[\]]/g, '\\$&')}"\\?$`),
    );
  });

  test('the F2001 of a misspelt InstanceOf suggests the definition', async () => {
    const e = await compileError(lines('InstanceOf: Patinet', '* active = true'));
    expect(e).toMatchObject({ code: 'F2001', suggestion: 'Patient' });
    expect(e!.message).toMatch(/"Patinet"\. Did you mean "Patient"\?$/);
  });

  test('a name close to nothing gets no suggestion and keeps the message of the reference engine', async () => {
    const e = await compileError(lines('InstanceOf: Patient', '* nosuch = 1'));
    expect(e).toMatchObject({
      code: 'F2002',
      message: 'Invalid element path: element "nosuch" was not found in "Patient"',
    });
    expect(e).not.toHaveProperty('suggestion');
  });
});
