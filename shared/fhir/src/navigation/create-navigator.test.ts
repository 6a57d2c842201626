import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadFhirContext } from '../load-fhir-context.js';
import type { FhirContext } from '../types.js';
import { createNavigator, type FhirNavigator } from './index.js';
import type { ElementInfo } from './element-info.js';

let nav: FhirNavigator;
let ctx: FhirContext;

beforeAll(async () => {
  ctx = await loadFhirContext({
    fhirVersion: '4.0.1',
    packages: [],
    cacheDir: join(tmpdir(), 'mapx-engine-test-fhir'),
    registryUrl: 'n/a',
  });
  nav = createNavigator(ctx);
});

function walk(type: string, ...segs: [string, string[]?][]): ElementInfo {
  let el = nav.root(type)!.element;
  for (const [name, slices] of segs) {
    const r = nav.child(el, name, slices ?? []);
    if (!r.ok) throw new Error(`${r.error.code} ${JSON.stringify(r.error.fields)}`);
    el = r.element;
  }
  return el;
}

describe('FHIR element navigation', () => {
  test('roots carry kind, type, derivation and url', () => {
    const bp = nav.root('bp')!;
    expect([bp.type, bp.kind, bp.derivation, bp.url]).toEqual([
      'Observation',
      'resource',
      'constraint',
      'http://hl7.org/fhir/StructureDefinition/bp',
    ]);
    expect(nav.root('http://hl7.org/fhir/StructureDefinition/Patient')!.type).toBe('Patient');
    expect(nav.root('NoSuchThing')).toBeUndefined();
  });

  test('children come in snapshot order', () => {
    const names = nav.children(nav.root('Coding')!.element).map((c) => c.jsonNames[0]);
    expect(names).toEqual(['id', 'extension', 'system', 'version', 'code', 'display', 'userSelected']);
  });

  test('data-type children: identifier.assigner.identifier.value', () => {
    const el = walk('Patient', ['identifier'], ['assigner'], ['identifier'], ['value']);
    expect([el.path, el.kind, el.typeCode, el.isArray]).toEqual([
      'Identifier.value',
      'primitive-type',
      'string',
      false,
    ]);
  });

  test('derived fields: base array, system kind, Resource.id as id, regex', () => {
    const given = walk('Patient', ['name'], ['given']);
    expect(given.isArray).toBe(true);
    const id = walk('Patient', ['id']);
    expect([id.kind, id.typeCode]).toEqual(['system', 'id']);
    expect(id.regex).toBe('[A-Za-z0-9\\-\\.]{1,64}');
    const url = walk('Extension', ['url']);
    expect([url.kind, url.typeCode]).toEqual(['system', 'uri']);
  });

  test('contentReference: Questionnaire.item.item', () => {
    const el = walk('Questionnaire', ['item'], ['item'], ['linkId']);
    expect(el.path).toBe('Questionnaire.item.linkId');
    const item = walk('Questionnaire', ['item'], ['item']);
    expect([item.typeCode, item.jsonNames]).toEqual(['BackboneElement', ['item']]);
  });

  test('choice types: narrowed by name, by bracket, single type, ambiguous', () => {
    expect(walk('Observation', ['valueQuantity']).jsonNames).toEqual(['valueQuantity']);
    expect(walk('Observation', ['value', ['Quantity']]).jsonNames).toEqual(['valueQuantity']);
    expect(walk('Observation', ['value', ['valueString']]).jsonNames).toEqual(['valueString']);
    const r = nav.child(nav.root('Patient')!.element, 'deceased', []);
    expect(r.ok ? undefined : r.error.code).toBe('F2004');
    const single = walk('bp', ['component', ['SystolicBP']], ['value']);
    expect([single.jsonNames, single.typeCode]).toEqual([['valueQuantity'], 'Quantity']);
  });

  test('real slices: bp component[SystolicBP] with fixed codes below', () => {
    const comp = walk('bp', ['component', ['SystolicBP']]);
    expect([comp.sliceName, comp.min, comp.isArray]).toEqual(['SystolicBP', 1, true]);
    const code = walk('bp', ['component', ['SystolicBP']], ['code'], ['coding', ['SBPCode']], ['code']);
    expect(code.fixed).toBe('8480-6');
    const system = walk('bp', ['component', ['SystolicBP']], ['value'], ['system']);
    expect(system.fixed).toBe('http://unitsofmeasure.org');
  });

  test('virtual slices: extensions by id, name and url; datatype profiles', () => {
    for (const key of ['data-absent-reason', 'http://hl7.org/fhir/StructureDefinition/data-absent-reason']) {
      const ext = walk('Patient', ['gender'], ['extension', [key]]);
      expect(ext.profile).toBe('http://hl7.org/fhir/StructureDefinition/data-absent-reason');
      const url = nav.children(ext).find((c) => c.defName === 'url')!;
      expect(url.fixed).toBe('http://hl7.org/fhir/StructureDefinition/data-absent-reason');
    }
    const sq = walk('Observation', ['value', ['SimpleQuantity']]);
    expect([sq.jsonNames, sq.profile]).toEqual([
      ['valueQuantity'],
      'http://hl7.org/fhir/StructureDefinition/SimpleQuantity',
    ]);
  });

  test('unknown elements and re-slicing are F2002; bindings are carried', () => {
    const r = nav.child(nav.root('Patient')!.element, 'nosuch', []);
    expect(r.ok ? undefined : r.error.code).toBe('F2002');
    const re = nav.child(nav.root('bp')!.element, 'component', ['SystolicBP', 'x']);
    expect(re.ok ? undefined : re.error.code).toBe('F2002');
    const gender = walk('Patient', ['gender']);
    expect(gender.binding).toMatchObject({
      strength: 'required',
      valueSet: 'http://hl7.org/fhir/ValueSet/administrative-gender|4.0.1',
    });
  });
});
