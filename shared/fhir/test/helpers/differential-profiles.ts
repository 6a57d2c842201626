/** Differential-only StructureDefinitions, shaped as SUSHI writes them (no snapshot). */
const BASE = 'http://example.org/fhir/StructureDefinition';
const sd = (
  id: string,
  type: string,
  base: string,
  element: Record<string, unknown>[],
  kind = 'resource',
) => ({
  resourceType: 'StructureDefinition',
  id,
  url: `${BASE}/${id}`,
  version: '0.1.0',
  name: id.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase()),
  status: 'active',
  fhirVersion: '4.0.1',
  kind,
  abstract: false,
  type,
  baseDefinition: base,
  derivation: 'constraint',
  differential: { element },
});

export const complexExtension = sd(
  'ext-complex',
  'Extension',
  'http://hl7.org/fhir/StructureDefinition/Extension',
  [
    { id: 'Extension', path: 'Extension', short: 'Complex test extension' },
    { id: 'Extension.extension', path: 'Extension.extension', min: 1 },
    { id: 'Extension.extension:code', path: 'Extension.extension', sliceName: 'code', min: 1, max: '1' },
    { id: 'Extension.extension:code.extension', path: 'Extension.extension.extension', max: '0' },
    { id: 'Extension.extension:code.url', path: 'Extension.extension.url', fixedUri: 'code' },
    {
      id: 'Extension.extension:code.value[x]',
      path: 'Extension.extension.value[x]',
      type: [{ code: 'Coding' }],
    },
    { id: 'Extension.extension:note', path: 'Extension.extension', sliceName: 'note', min: 0, max: '*' },
    { id: 'Extension.extension:note.url', path: 'Extension.extension.url', fixedUri: 'note' },
    {
      id: 'Extension.extension:note.value[x]',
      path: 'Extension.extension.value[x]',
      type: [{ code: 'string' }],
    },
    { id: 'Extension.url', path: 'Extension.url', fixedUri: `${BASE}/ext-complex` },
    { id: 'Extension.value[x]', path: 'Extension.value[x]', max: '0' },
  ],
  'complex-type',
);

export const fixedSystemIdentifier = sd(
  'fixed-system-identifier',
  'Identifier',
  'http://hl7.org/fhir/StructureDefinition/Identifier',
  [
    { id: 'Identifier', path: 'Identifier' },
    { id: 'Identifier.system', path: 'Identifier.system', min: 1, fixedUri: 'http://example.org/ids' },
  ],
  'complex-type',
);

export const testPatient = sd('test-patient', 'Patient', 'http://hl7.org/fhir/StructureDefinition/Patient', [
  { id: 'Patient', path: 'Patient' },
  { id: 'Patient.extension', path: 'Patient.extension', min: 0 },
  {
    id: 'Patient.extension:complex',
    path: 'Patient.extension',
    sliceName: 'complex',
    min: 0,
    max: '1',
    type: [{ code: 'Extension', profile: [`${BASE}/ext-complex`] }],
  },
  {
    id: 'Patient.identifier',
    path: 'Patient.identifier',
    slicing: { discriminator: [{ type: 'value', path: 'system' }], rules: 'open' },
    min: 1,
  },
  { id: 'Patient.identifier:mrn', path: 'Patient.identifier', sliceName: 'mrn', min: 1, max: '1' },
  {
    id: 'Patient.identifier:mrn.type',
    path: 'Patient.identifier.type',
    patternCodeableConcept: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }],
    },
  },
  {
    id: 'Patient.identifier:mrn.system',
    path: 'Patient.identifier.system',
    min: 1,
    fixedUri: 'http://example.org/mrn',
  },
  { id: 'Patient.identifier:mrn.value', path: 'Patient.identifier.value', min: 1 },
  {
    id: 'Patient.identifier:other',
    path: 'Patient.identifier',
    sliceName: 'other',
    type: [{ code: 'Identifier', profile: [`${BASE}/fixed-system-identifier`] }],
  },
  { id: 'Patient.gender', path: 'Patient.gender', min: 1 },
  { id: 'Patient.deceased[x]', path: 'Patient.deceased[x]', type: [{ code: 'boolean' }] },
  {
    id: 'Patient.maritalStatus',
    path: 'Patient.maritalStatus',
    binding: { strength: 'required', valueSet: 'http://example.org/fhir/ValueSet/marital-small' },
  },
]);

export const testPatientChild = sd('test-patient-child', 'Patient', `${BASE}/test-patient`, [
  { id: 'Patient', path: 'Patient' },
  { id: 'Patient.identifier:mrn.period', path: 'Patient.identifier.period', max: '0' },
  { id: 'Patient.birthDate', path: 'Patient.birthDate', min: 1 },
]);

export const heightObservation = sd(
  'test-height',
  'Observation',
  'http://hl7.org/fhir/StructureDefinition/Observation',
  [
    { id: 'Observation', path: 'Observation' },
    {
      id: 'Observation.value[x]',
      path: 'Observation.value[x]',
      slicing: { discriminator: [{ type: 'type', path: '$this' }], ordered: false, rules: 'open' },
    },
    {
      id: 'Observation.value[x]:valueQuantity',
      path: 'Observation.value[x]',
      sliceName: 'valueQuantity',
      min: 1,
      type: [{ code: 'Quantity' }],
    },
    {
      id: 'Observation.value[x]:valueQuantity.system',
      path: 'Observation.value[x].system',
      fixedUri: 'http://unitsofmeasure.org',
    },
    { id: 'Observation.value[x]:valueQuantity.code', path: 'Observation.value[x].code', fixedCode: 'cm' },
    {
      id: 'Observation.component.value[x]',
      path: 'Observation.component.value[x]',
      type: [{ code: 'Quantity' }],
    },
    {
      id: 'Observation.component.valueQuantity.unit',
      path: 'Observation.component.valueQuantity.unit',
      min: 1,
    },
  ],
);
