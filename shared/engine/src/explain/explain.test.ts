import { describe, expect, test } from 'vitest';
import { r4Engine } from '../../test/helpers/test-engine.js';

const ORU = [
  'InstanceOf: Observation',
  '* status = "final"',
  '* code.coding.code = OBX.ObservationIdentifier.Identifier',
  '* code.coding.system = "http://loinc.org"',
  '* subject.display = PID.PatientName[0].FamilyName & ", " & PID.PatientName[0].GivenName',
  '* valueString = OBX.ObservationValue',
  '* method.text = OBX.ObservationMethod.Text',
].join('\n');

const INPUT = {
  PID: { PatientName: [{ FamilyName: 'Doe', GivenName: 'Jane' }] },
  OBX: { ObservationIdentifier: { Identifier: '8867-4' }, ObservationValue: '72' },
};

describe('explain mode', () => {
  test('each output element names its rule (line, column) and the input paths it read', async () => {
    const engine = await r4Engine();
    const c = await engine.compile(ORU, { explain: true });
    const r = await c.evaluateVerbose(INPUT);
    const plain = await (await engine.compile(ORU)).evaluateVerbose(INPUT);
    expect(r.status).toBe(plain.status);
    expect(r.diagnostics.warning.map((d) => d.code)).toEqual(plain.diagnostics.warning.map((d) => d.code));
    const byPath = new Map(r.explain!.elements.map((e) => [e.path, e]));
    expect(byPath.get('valueString')).toMatchObject({
      rule: { line: 6, column: 1, path: 'valueString', instanceOf: 'Observation' },
      inputs: ['OBX.ObservationValue'],
    });
    expect(byPath.get('subject.display')?.rule.line).toBe(5);
    expect(byPath.get('subject.display')?.inputs).toEqual(
      expect.arrayContaining(['PID.PatientName[0].FamilyName', 'PID.PatientName[0].GivenName']),
    );
    // flat rules on the repeating `coding`: one entry each, each from its own rule
    expect(byPath.get('code.coding[0].code')?.rule.line).toBe(3);
    expect(byPath.get('code.coding[1].system')?.rule.line).toBe(4);
    expect(byPath.get('resourceType')?.rule).toMatchObject({ line: 1, path: '', instanceOf: 'Observation' });
    expect(byPath.get('status')).toMatchObject({ rule: { line: 2 }, inputs: [] });
  });

  test('a rule whose value matched nothing is listed with the input path that matched nothing', async () => {
    const engine = await r4Engine();
    const c = await engine.compile(ORU, { explain: true });
    const r = await c.evaluateVerbose(INPUT);
    const empty = r.explain!.empty;
    expect(empty.map((e) => e.line)).toEqual([7]);
    expect(empty[0]).toMatchObject({
      path: 'method.text',
      missed: ['OBX.ObservationMethod'],
      text: '* method.text = OBX.ObservationMethod.Text',
    });
    expect(r.explain!.inputsRead).toEqual(expect.arrayContaining(['OBX.ObservationValue']));
    expect(r.explain!.inputsRead).not.toContain('OBX.ObservationMethod');
  });

  test('a rule under a context that matched nothing never ran: it is listed with no evaluation', async () => {
    const engine = await r4Engine();
    const src = 'InstanceOf: Patient\n* active = true\n* (NTE).name\n  * text = Comment';
    const c = await engine.compile(src, { explain: true });
    const r = await c.evaluateVerbose({ PID: {} });
    expect(r.explain!.empty).toEqual([
      expect.objectContaining({ line: 3, path: 'name', evaluations: 0 }),
      expect.objectContaining({ line: 4, path: 'name.text', evaluations: 0 }),
    ]);
    expect(r.explain!.rules.map((x) => x.line)).toEqual([2]);
  });

  test('a root array input reads as $[i]; repetitions of an element map to the evaluation that made them', async () => {
    const engine = await r4Engine();
    const src = 'InstanceOf: Patient\n* ($).name\n  * family = last';
    const c = await engine.compile(src, { explain: true });
    const r = await c.evaluateVerbose([{ last: 'A' }, { last: 'B' }]);
    expect(r.result).toMatchObject({ name: [{ family: 'A' }, { family: 'B' }] });
    const els = r.explain!.elements.filter((e) => e.path.startsWith('name'));
    expect(els).toEqual([
      expect.objectContaining({
        path: 'name[0].family',
        inputs: ['$[0].last'],
        rule: expect.objectContaining({ line: 3 }),
      }),
      expect.objectContaining({
        path: 'name[1].family',
        inputs: ['$[1].last'],
        rule: expect.objectContaining({ line: 3 }),
      }),
    ]);
  });

  test('input objects copied into the result come back as plain values; hostile keys stay own data', async () => {
    const engine = await r4Engine();
    const input = JSON.parse('{"ids": [{"system": "urn:a", "value": "1", "__proto__": {"x": 1}}]}');
    const c = await engine.compile('InstanceOf: Patient\n* identifier = ids', { explain: true });
    const r = await c.evaluateVerbose(Object.freeze(input));
    expect(() => structuredClone(r.result)).not.toThrow();
    const id = (r.result as { identifier: Record<string, unknown>[] }).identifier[0]!;
    expect(Object.getPrototypeOf(id)).toBe(Object.prototype);
    expect(r.explain!.elements.find((e) => e.path === 'identifier[0].value')?.rule.line).toBe(2);
  });

  test('the normal compile is untouched: no explain section, no tracing names in the lowered text', async () => {
    const engine = await r4Engine();
    const plain = await engine.compile(ORU);
    const explained = await engine.compile(ORU, { explain: true });
    expect(plain).not.toBe(explained);
    expect(await engine.compile(ORU, { explain: true })).toBe(explained);
    const a = await plain.evaluateVerbose(INPUT);
    const b = await explained.evaluateVerbose(INPUT);
    expect(a.explain).toBeUndefined();
    expect(b.result).toEqual(a.result);
  });

  test('plain JSONata: elements are attributed to the expression, its reads are listed', async () => {
    const engine = await r4Engine();
    const c = await engine.compile('{"n": a.b}', { explain: true });
    const r = await c.evaluateVerbose({ a: { b: 1 } });
    expect(r.explain!.elements).toEqual([
      expect.objectContaining({ path: 'n', rule: expect.objectContaining({ expression: true }) }),
    ]);
    expect(r.explain!.inputsRead).toEqual(['a', 'a.b']);
  });
});
