import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FhirContext, TerminologyRuntime } from '../src/index.js';
import { createTestCache, loadOfflineR4 } from './helpers/r4-context.js';
import { writeCachedPackage } from './helpers/write-package.js';

const A = 'http://example.org/cs-a';
const B = 'http://example.org/cs-b';
const cs = (id: string, url: string, concept: unknown[], content = 'complete') => ({
  resourceType: 'CodeSystem',
  id,
  url,
  name: id,
  status: 'active',
  content,
  concept,
});
const vs = (id: string, compose: unknown) => ({
  resourceType: 'ValueSet',
  id,
  url: `http://example.org/ValueSet/${id}`,
  name: id.replace(/-/g, '_'),
  status: 'active',
  compose,
});
const resources = [
  cs('cs-a', A, [
    { code: 'a1', display: 'A one', concept: [{ code: 'a2', display: 'A two' }] },
    { code: 'x', display: 'Ex A' },
  ]),
  cs('cs-b', B, [
    { code: 'b1', display: 'B one' },
    { code: 'x', display: 'Ex B' },
  ]),
  cs('cs-frag', 'http://example.org/cs-frag', [{ code: 'f1' }], 'fragment'),
  vs('vs-a', { include: [{ system: A }] }),
  vs('vs-ab', {
    include: [{ system: A }, { system: B, concept: [{ code: 'x' }, { code: 'b1', display: 'Bee one' }] }],
  }),
  vs('vs-nested', {
    include: [{ valueSet: ['http://example.org/ValueSet/vs-a'] }],
    exclude: [{ system: A, concept: [{ code: 'a2' }] }],
  }),
  vs('vs-filter', {
    include: [
      { system: 'http://snomed.info/sct', filter: [{ property: 'concept', op: 'is-a', value: '404684003' }] },
    ],
  }),
  vs('vs-frag', { include: [{ system: 'http://example.org/cs-frag' }] }),
  vs('vs-bcp47-mixed', { include: [{ system: 'urn:ietf:bcp:47' }, { system: A }] }),
  {
    resourceType: 'ConceptMap',
    id: 'cm-test',
    url: 'http://example.org/ConceptMap/cm-test',
    name: 'CmTest',
    status: 'active',
    group: [
      {
        source: A,
        target: 'http://example.org/t',
        element: [
          { code: 'a1', target: [{ code: 't1', display: 'T one', equivalence: 'equivalent' }] },
          { code: 'a2', target: [{ code: 't2', equivalence: 'narrower' }] },
          { code: 'x', target: [{ code: 'tx', equivalence: 'equal' }] },
        ],
      },
      {
        source: B,
        target: 'http://example.org/u',
        element: [
          { code: 'x', target: [{ code: 'ux' }] },
          {
            code: 'b1',
            target: [
              { code: 'u1', equivalence: 'wider' },
              { code: 'u2', equivalence: 'subsumes' },
            ],
          },
        ],
      },
    ],
  },
];

describe('local terminology', () => {
  let ctx: FhirContext;
  let t: TerminologyRuntime;
  let dispose: () => void;
  beforeAll(async () => {
    const cacheDir = await createTestCache();
    writeCachedPackage(
      cacheDir,
      { name: 'tx.test', version: '1.0.0', dependencies: { 'hl7.fhir.r4.core': '4.0.1' } },
      resources,
    );
    ({ ctx, dispose } = await loadOfflineR4(['tx.test@1.0.0'], cacheDir));
    t = ctx.terminology;
  });
  afterAll(() => dispose());

  it('expands R4 core value sets with displays, by URL (with |version), id or name', () => {
    const e = t.expand('http://hl7.org/fhir/ValueSet/administrative-gender|4.0.1');
    expect(e.ok && e.concepts.map((c) => c.code)).toEqual(['male', 'female', 'other', 'unknown']);
    expect(e.ok && e.valueSet['expansion']).toMatchObject({ total: 4 });
    expect(t.expansionSize('AdministrativeGender')).toBe(4);
    expect(t.expansionSize('http://hl7.org/fhir/ValueSet/ucum-vitals-common')).toBe(12);
  });

  it('answers membership with the concept to inject (spec examples)', () => {
    expect(t.lookup('marital-status', 'M')).toEqual({
      status: 'member',
      concept: {
        system: 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus',
        code: 'M',
        display: 'Married',
      },
    });
    expect(t.lookup('marital-status', 'UNK')).toMatchObject({
      status: 'member',
      concept: { display: 'unknown' },
    });
    expect(
      t.lookup('http://hl7.org/fhir/ValueSet/ucum-vitals-common', {
        system: 'http://unitsofmeasure.org',
        code: 'mm[Hg]',
      }),
    ).toMatchObject({
      status: 'member',
      concept: { display: 'millimeter of mercury' },
    });
    expect(t.lookup('administrative-gender', 'F')).toEqual({ status: 'not-member' });
    expect(t.lookup('administrative-gender', { system: 'http://other', code: 'male' })).toEqual({
      status: 'not-member',
    });
  });

  it('expands whole code systems with their hierarchy, concept lists, nested value sets and excludes', () => {
    expect(t.expand('vs-a')).toMatchObject({
      ok: true,
      concepts: [{ code: 'a1' }, { code: 'a2', display: 'A two' }, { code: 'x' }],
    });
    const ab = t.expand('vs-ab');
    expect(ab.ok && ab.concepts.find((c) => c.code === 'b1')).toEqual({
      system: B,
      code: 'b1',
      display: 'Bee one',
    });
    expect(ab.ok && ab.concepts.find((c) => c.system === B && c.code === 'x')?.display).toBe('Ex B');
    expect(t.expand('vs-nested')).toMatchObject({ ok: true, concepts: [{ code: 'a1' }, { code: 'x' }] });
  });

  it('reports unknown, unexpandable and duplicate-code outcomes', () => {
    expect(t.lookup('no-such-vs', 'a')).toEqual({ status: 'unknown', reason: 'unknown-valueset' });
    expect(t.expansionSize('no-such-vs')).toBeUndefined();
    expect(t.lookup('vs-filter', '22298006')).toEqual({ status: 'unknown', reason: 'unexpandable-valueset' });
    expect(t.expand('vs-frag')).toMatchObject({ ok: false, reason: 'unexpandable-valueset' });
    expect(t.expansionSize('vs-filter')).toBeUndefined();
    expect(t.lookup('vs-ab', 'x')).toEqual({ status: 'unknown', reason: 'duplicate-code' });
    expect(t.lookup('vs-ab', { system: A, code: 'x' })).toMatchObject({
      status: 'member',
      concept: { display: 'Ex A' },
    });
  });

  it('answers BCP-47 tags of a ValueSet that includes the whole grammar-based system, per code', () => {
    const lang = (code: string) => t.lookup('all-languages', { system: 'urn:ietf:bcp:47', code });
    expect(t.expand('all-languages')).toMatchObject({ ok: false, reason: 'unexpandable-valueset' });
    expect(t.expansionSize('all-languages')).toBeUndefined();
    expect(lang('nl')).toEqual({
      status: 'member',
      concept: { system: 'urn:ietf:bcp:47', code: 'nl', display: 'Dutch' },
    });
    expect(lang('pt-BR')).toMatchObject({ status: 'member', concept: { display: 'Portuguese (Brazil)' } });
    // an unknown but well-formed tag, an ill-formed one, a bare code and another system are never judged
    for (const outcome of [
      lang('zz'),
      lang('pt_BR'),
      t.lookup('all-languages', 'nl'),
      t.lookup('all-languages', { system: A, code: 'nl' }),
    ])
      expect(outcome).toEqual({ status: 'unknown', reason: 'unexpandable-valueset' });
    // a ValueSet mixing it with a listed system stays unexpandable as before
    expect(t.lookup('vs-bcp47-mixed', { system: 'urn:ietf:bcp:47', code: 'nl' })).toEqual({
      status: 'unknown',
      reason: 'unexpandable-valueset',
    });
  });

  it('translates with flattened groups and the usable equivalences only', () => {
    expect(t.translate('male', 'cm-administrative-gender-v2')).toEqual({
      status: 'mapped',
      targets: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0001', code: 'M' }],
    });
    expect(t.translate('male', 'v2.AdministrativeGender')).toEqual(
      t.translate('male', 'http://hl7.org/fhir/ConceptMap/cm-administrative-gender-v2'),
    );
    expect(t.translate('a1', 'cm-test')).toEqual({
      status: 'mapped',
      targets: [{ system: 'http://example.org/t', code: 't1', display: 'T one' }],
    });
    expect(t.translate('a2', 'CmTest')).toEqual({ status: 'unmapped' });
    expect(t.translate('b1', 'cm-test')).toMatchObject({
      status: 'mapped',
      targets: [{ code: 'u1' }, { code: 'u2' }],
    });
    expect(t.translate('x', 'cm-test')).toEqual({ status: 'unmapped', reason: 'duplicate-code' });
    expect(t.translate({ system: B, code: 'x' }, 'cm-test')).toEqual({
      status: 'mapped',
      targets: [{ system: 'http://example.org/u', code: 'ux' }],
    });
    expect(t.translate('nope', 'cm-test')).toEqual({ status: 'unmapped' });
    expect(t.translate('a1', 'no-such-map')).toEqual({ status: 'unknown-conceptmap' });
  });

  it('lets run-time ConceptMaps win over package ones until flushed', () => {
    const gender = {
      resourceType: 'ConceptMap',
      id: 'gender',
      url: 'http://server/ConceptMap/gender',
      group: [
        {
          source: 'http://local',
          target: 'http://hl7.org/fhir/administrative-gender',
          element: [{ code: 'F', target: [{ code: 'female', equivalence: 'equivalent' }] }],
        },
      ],
    };
    const override = { ...gender, id: 'cm-test', url: 'http://server/ConceptMap/override', group: [] };
    t.addConceptMaps([gender, override]);
    expect(t.translate('F', 'gender')).toMatchObject({ status: 'mapped', targets: [{ code: 'female' }] });
    expect(t.translate('a1', 'cm-test')).toEqual({ status: 'unmapped' });
    expect(t.translate('a1', 'cm-test', 'tx.test#1.0.0')).toMatchObject({ status: 'mapped' });
    t.flushExternal();
    expect(t.translate('F', 'gender')).toEqual({ status: 'unknown-conceptmap' });
    expect(t.translate('a1', 'cm-test')).toMatchObject({ status: 'mapped' });
  });
});
