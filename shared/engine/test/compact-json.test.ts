import { describe, expect, it } from 'vitest';
import { compactJson, createEngine, seededUuid } from '../src/index.js';

describe('compactJson', () => {
  it('is JSON.stringify for values whose UUID was never taken', () => {
    for (const v of [{ a: 1, b: [true, null, 'x'] }, [1, 2], 'text', 3, null, { resourceType: 'Patient' }])
      expect(compactJson(v)).toBe(JSON.stringify(v));
    expect(compactJson(undefined)).toBeUndefined();
  });

  it('gives a resource the very text its seeded UUID hashed, so a bulk run does not serialise it again', () => {
    const patient = { resourceType: 'Patient', id: 'p1', name: [{ family: 'Zoë' }] };
    const id = seededUuid(patient);
    // evaluations never change an object once built; this shows the text is the one kept, not a new one
    (patient as Record<string, unknown>)['active'] = true;
    expect(compactJson(patient)).toBe('{"resourceType":"Patient","id":"p1","name":[{"family":"Zoë"}]}');
    expect(seededUuid(patient)).toBe(id);
  });

  it('keeps no text for objects that are not resources', () => {
    const seed = { mrn: '123' };
    seededUuid(seed);
    (seed as Record<string, unknown>)['more'] = 1;
    expect(compactJson(seed)).toBe('{"mrn":"123","more":1}');
  });

  it('gives a resource that $reference hashed during an evaluation the text it hashed', async () => {
    const engine = createEngine({ fhir: () => undefined });
    const compiled = await engine.compile(
      `($p := {'resourceType': 'Patient', 'id': 'a', 'active': true}; {'ref': $reference($p), 'patient': $p})`,
    );
    const out = (await compiled.evaluate({})) as { ref: string; patient: Record<string, unknown> };
    const text = '{"resourceType":"Patient","id":"a","active":true}';
    expect(out.ref).toBe(`urn:uuid:${seededUuid(text)}`);
    out.patient['id'] = 'changed after the evaluation';
    expect(compactJson(out.patient)).toBe(text);
  });
});
