import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { FhirContext } from '@mapx/fhir';
import type { Engine } from '../src/index.js';
import { medplumErrors } from './helpers/medplum-validator.js';
import { conformanceProblems } from './helpers/profile-conformance.js';
import { r4, r4Engine } from './helpers/test-engine.js';

/**
 * Rules on one single-valued complex element (flat `* a.b` / `* a.c`, nested, mixed, reordered)
 * merge into one instance before the profile's checks run. Every form of a scenario must give the same
 * resource, which two independent oracles accept (Medplum's validator with the profile loaded, and a check read
 * straight from the profile's snapshot); leaving a mandatory child out must raise F5130 at the first rule that
 * targets the element, and the output built without that check must be one the oracles reject.
 */
interface Scenario {
  /** InstanceOf. */
  profile: string;
  /** Rules that fill the rest of the profile. */
  base: string[];
  /** Flash path of the single-valued element. */
  target: string;
  /** Its children: path under the target, value text, whether the profile makes it mandatory. */
  facts: [path: string, value: string, mandatory?: boolean][];
  /** fhirElement prefix of diagnostics about the target's children (default: the target). */
  element?: string;
  /** A valid instance of the profile (a fixture of ours): what Medplum reports on it too is a known false positive. */
  example?: string;
}

const VITALS = [
  "* status = 'final'",
  "* subject.reference = 'Patient/1'",
  "* effectiveDateTime = '2024-01-01T10:00:00Z'",
];

const quantity = (value: string, unit: string, code?: string): Scenario['facts'] => [
  ['value', value, true],
  ['unit', `'${unit}'`, true],
  ...(code !== undefined ? [['code', `'${code}'`] as [string, string]] : []),
];

const vital = (profile: string, facts: Scenario['facts']): Scenario => ({
  profile,
  base: VITALS,
  target: 'valueQuantity',
  facts,
});

const BP_BASE = [...VITALS, '* component[DiastolicBP].valueQuantity.value = 80'];
const BP_EXAMPLE = fileURLToPath(new URL('./fixtures/bp-observation.json', import.meta.url));

const SCENARIOS: Scenario[] = [
  vital('heartrate', quantity('72', '/min')),
  vital('resprate', quantity('16', '/min')),
  vital('oxygensat', quantity('98', '%')),
  vital('bodytemp', quantity('37.2', 'Cel', 'Cel')),
  vital('bodyweight', quantity('70', 'kg', 'kg')),
  vital('bodyheight', quantity('180', 'cm', 'cm')),
  vital('headcircum', quantity('50', 'cm', 'cm')),
  vital('bmi', quantity('22.5', 'kg/m2')),
  {
    profile: 'cholesterol',
    base: ["* status = 'final'", "* subject.reference = 'Patient/1'"],
    target: 'valueQuantity',
    facts: [
      ['value', '5.1'],
      // the fixed unit code gives the unit when the mapping has none
      ['unit', "'mmol/L'"],
    ],
  },
  {
    profile: 'bp',
    base: BP_BASE,
    target: 'component[SystolicBP].valueQuantity',
    // the bound unit code gives the unit when the mapping has none
    facts: [
      ['value', '120', true],
      ['unit', "'mmHg'"],
    ],
    example: BP_EXAMPLE,
  },
  {
    profile: 'bp',
    base: BP_BASE,
    target: 'component[SystolicBP]',
    facts: [
      ['valueQuantity.value', '120'],
      ['valueQuantity.unit', "'mmHg'"],
      ['interpretation.text', "'normal'"],
    ],
    example: BP_EXAMPLE,
  },
  {
    profile: 'AuditEvent',
    base: [
      "* type = {'system': 'http://dicom.nema.org/resources/ontology/DCM', 'code': '110100'}",
      "* recorded = '2024-01-01T10:00:00Z'",
      '* agent.requestor = true',
    ],
    target: 'source',
    facts: [
      ['site', "'ward'"],
      ['observer.reference', "'Device/1'", true],
    ],
  },
  {
    profile: 'Subscription',
    base: ["* status = 'requested'", "* reason = 'monitoring'", "* criteria = 'Observation?code=8867-4'"],
    target: 'channel',
    facts: [
      ['type', "'rest-hook'", true],
      ['endpoint', "'https://example.org/hook'"],
      ['payload', "'application/fhir+json'"],
    ],
  },
  {
    profile: 'Bundle',
    base: ["* type = 'collection'"],
    target: 'signature',
    facts: [
      ['when', "'2024-01-01T10:00:00Z'", true],
      ['who.reference', "'Practitioner/1'", true],
      ['type', "{'system': 'urn:iso-astm:E1762-95:2013', 'code': '1.2.840.10065.1.12.1.1'}", true],
    ],
  },
  {
    profile: 'shareablevalueset',
    base: [
      "* url = 'http://example.org/ValueSet/vitals'",
      "* version = '1.0.0'",
      "* name = 'Vitals'",
      "* status = 'draft'",
      '* experimental = true',
      "* publisher = 'Example'",
      "* description = 'Vital sign codes'",
    ],
    target: 'compose',
    facts: [
      ['inactive', 'false'],
      ['include.system', "'http://loinc.org'", true],
    ],
  },
  {
    profile: 'Condition',
    base: ["* subject.reference = 'Patient/1'"],
    target: 'clinicalStatus',
    facts: [
      ['text', "'Active'"],
      ['coding', "{'system': 'http://terminology.hl7.org/CodeSystem/condition-clinical', 'code': 'active'}"],
    ],
  },
  {
    profile: 'Encounter',
    base: [
      "* status = 'finished'",
      "* class = {'system': 'http://terminology.hl7.org/CodeSystem/v3-ActCode', 'code': 'AMB'}",
    ],
    target: 'period',
    facts: [
      ['start', "'2024-01-01T10:00:00Z'"],
      ['end', "'2024-01-01T11:00:00Z'"],
    ],
  },
];

type Fact = Scenario['facts'][number];

const flat = (s: Scenario, facts: readonly Fact[]) => facts.map(([p, v]) => `* ${s.target}.${p} = ${v}`);
const nested = (s: Scenario, facts: readonly Fact[]) =>
  facts.length ? [`* ${s.target}`, ...facts.map(([p, v]) => `  * ${p} = ${v}`)] : [];

/** The forms authors write the same mapping in. */
function forms(s: Scenario, facts: readonly Fact[]): Record<string, string[]> {
  const [first, ...rest] = facts;
  const head = first ? [first] : [];
  return {
    flat: [...s.base, ...flat(s, facts)],
    nested: [...s.base, ...nested(s, facts)],
    'flat then nested': [...s.base, ...flat(s, head), ...nested(s, rest)],
    'nested then flat': [...s.base, ...nested(s, head), ...flat(s, rest)],
    'flat, reversed': [...s.base, ...flat(s, [...facts].reverse())],
    'flat, interleaved with other rules': [...flat(s, head), ...s.base, ...flat(s, rest)],
  };
}

const source = (s: Scenario, rules: string[]) => [`InstanceOf: ${s.profile}`, ...rules].join('\n');

/** 1-based line of the first rule that targets the element. */
function firstTargetLine(s: Scenario, text: string): number {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l === `* ${s.target}` || l.startsWith(`* ${s.target}.`));
  return at + 1;
}

const types = (ctx: FhirContext) => (type: string) => ctx.getStructureDefinition(type);

const examples = new Map<string, string[]>();

/** Medplum's errors on the profile's HL7 example (its known false positives), computed once per example. */
function knownFalsePositives(s: Scenario, ctx: FhirContext): string[] {
  if (!s.example) return [];
  let known = examples.get(s.example);
  if (!known) {
    const example: unknown = JSON.parse(readFileSync(s.example, 'utf8'));
    known = medplumErrors(example, ctx.getStructureDefinition(s.profile));
    examples.set(s.example, known);
  }
  return known;
}

let engine: Promise<Engine> | undefined;
const getEngine = () => (engine ??= r4Engine());

async function run(text: string, bindings?: Record<string, unknown>) {
  const compiled = await (await getEngine()).compile(text);
  return compiled.evaluateVerbose(null, bindings);
}

for (const s of SCENARIOS) {
  const label = `${s.profile} ${s.target} (${s.facts.map(([p]) => p).join(', ')})`;
  describe(label, () => {
    test('every form gives the same resource, which both oracles accept', async () => {
      const ctx = await r4();
      const sd = ctx.getStructureDefinition(s.profile)!;
      const outputs = new Map<string, string>();
      for (const [form, rules] of Object.entries(forms(s, s.facts))) {
        const report = await run(source(s, rules));
        expect(report.diagnostics.error, form).toEqual([]);
        expect(report.status, form).toBe(200);
        expect(conformanceProblems(sd, report.result, types(ctx)), form).toEqual([]);
        const known = knownFalsePositives(s, ctx);
        const errors = medplumErrors(report.result, sd).filter((e) => !known.includes(e));
        expect(errors, form).toEqual([]);
        outputs.set(form, JSON.stringify(report.result));
      }
      expect(new Set(outputs.values()).size, [...outputs.keys()].join(' / ')).toBe(1);
      const built = JSON.parse(outputs.get('flat')!) as Record<string, unknown>;
      for (const [, value] of s.facts) {
        if (value.startsWith("'"))
          expect(JSON.stringify(built)).toContain(JSON.stringify(value.slice(1, -1)));
      }
    });

    for (const missing of s.facts.filter(([, , m]) => m)) {
      test(`leaving out ${missing[0]} raises F5130 at the first rule of the element`, async () => {
        const facts = s.facts.filter((f) => f !== missing);
        const element = `${s.element ?? s.target}.${missing[0].split('.')[0]}`;
        for (const [form, rules] of Object.entries(forms(s, facts))) {
          if (!facts.length && form !== 'flat') continue;
          const text = source(s, rules);
          const report = await run(text);
          expect(report.status, form).not.toBe(200);
          expect(report.diagnostics.error, form).toContainEqual(
            expect.objectContaining({ code: 'F5130', fhirElement: element, line: firstTargetLine(s, text) }),
          );
        }
        // the same mapping with the mandatory check switched off: the oracle must see what F5130 saw
        const ctx = await r4();
        const lax = await run(source(s, forms(s, facts)['flat']!), { validationLevel: 13 });
        expect(lax.status).toBe(200);
        expect(
          conformanceProblems(ctx.getStructureDefinition(s.profile)!, lax.result, types(ctx)),
        ).not.toEqual([]);
      });
    }
  });
}

describe('merge semantics around the single-valued rule', () => {
  test('a later rule on the same child wins, whatever form the earlier one had', async () => {
    const base = ['InstanceOf: heartrate', ...VITALS];
    const a = await run(
      [
        ...base,
        '* valueQuantity.value = 60',
        "* valueQuantity.unit = '/min'",
        '* valueQuantity.value = 72',
      ].join('\n'),
    );
    const b = await run(
      [...base, '* valueQuantity', '  * value = 60', "  * unit = '/min'", '* valueQuantity.value = 72'].join(
        '\n',
      ),
    );
    expect(a.result).toEqual(b.result);
    expect((a.result as { valueQuantity: { value: number } }).valueQuantity.value).toBe(72);
  });

  test('an inline object replaces what earlier rules gave its keys, and keeps the rest', async () => {
    const r = await run(
      [
        'InstanceOf: heartrate',
        ...VITALS,
        "* valueQuantity.unit = '/min'",
        '* valueQuantity.comparator = "<"',
        "* valueQuantity = {'value': 72, 'unit': 'beats/minute'}",
      ].join('\n'),
    );
    expect(r.status).toBe(200);
    expect(r.result).toMatchObject({ valueQuantity: { value: 72, comparator: '<', unit: 'beats/minute' } });
  });

  test('a user unit given before the code is kept (binding injection runs on the merged Quantity)', async () => {
    const r = await run(
      [
        'InstanceOf: bodyweight',
        ...VITALS,
        '* valueQuantity.value = 70',
        "* valueQuantity.unit = 'kilo'",
        "* valueQuantity.code = 'kg'",
      ].join('\n'),
    );
    expect(r.status).toBe(200);
    expect(r.result).toMatchObject({ valueQuantity: { value: 70, unit: 'kilo', code: 'kg' } });
  });

  test('flat rules on a repeating element still create separate entries', async () => {
    const r = await run("InstanceOf: Patient\n* name.given = 'Dana'\n* name.family = 'Levi'");
    expect(r.result).toEqual({ resourceType: 'Patient', name: [{ given: ['Dana'] }, { family: 'Levi' }] });
  });

  test('a single-valued element inside a repeating one merges within its entry', async () => {
    const r = await run(
      [
        "InstanceOf: Bundle\n* type = 'transaction'",
        '* entry',
        "  * request.method = 'POST'",
        "  * request.url = 'Patient'",
      ].join('\n'),
    );
    expect(r.status).toBe(200);
    expect(r.result).toMatchObject({ entry: [{ request: { method: 'POST', url: 'Patient' } }] });
  });

  test('a repeating child under a merged element keeps the entries of every rule', async () => {
    const r = await run(
      [
        "InstanceOf: Observation\n* status = 'final'",
        "* code.coding = {'system': 'http://loinc.org', 'code': '8867-4'}",
        "* code.text = 'Heart rate'",
        "* code.coding = {'system': 'http://snomed.info/sct', 'code': '364075005'}",
      ].join('\n'),
    );
    expect(r.result).toMatchObject({
      code: {
        coding: [
          { system: 'http://loinc.org', code: '8867-4' },
          { system: 'http://snomed.info/sct', code: '364075005' },
        ],
        text: 'Heart rate',
      },
    });
  });
});
