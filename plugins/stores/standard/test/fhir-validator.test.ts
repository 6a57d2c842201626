import { describe, expect, it } from 'vitest';
import { describeIssue, fhirErrors, validateFhir } from '../../../../test-support/fhir-validator.js';

describe('test-support/fhir-validator', () => {
  it('finds no error in a valid transaction Bundle', () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: 'urn:uuid:0c3a1f4e-6d0b-4c55-9d43-1b1d3e0e7a11',
          resource: { resourceType: 'Patient', birthDate: '1990-04-01', gender: 'female' },
          request: { method: 'PUT', url: 'Patient/p1' },
        },
      ],
    };
    expect(fhirErrors(bundle)).toEqual([]);
  });

  it('reports what Medplum finds, inside Bundle entries too', () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          resource: { resourceType: 'Patient', birthDate: '1990-13', contact: [{ gender: 'male' }] },
          request: { method: 'POST', url: 'Patient' },
        },
      ],
    };
    expect(fhirErrors(bundle).map(describeIssue)).toEqual([
      'error Bundle.entry[0].resource.birthDate: Invalid date format',
      "error Bundle.entry[0].resource.contact[0]: Constraint pat-1 not met: SHALL at least contain a contact's details or a reference to an organization",
    ]);
  });

  it('reports a missing required element and an unknown property', () => {
    const messages = validateFhir({ resourceType: 'Observation', code: { text: 'x' }, colour: 'red' }).map(
      describeIssue,
    );
    expect(messages).toContain('error Observation.status: Missing required property');
    expect(messages).toContain('error Observation.colour: Invalid additional property "colour"');
  });

  it('rejects what is not a resource', () => {
    expect(fhirErrors([]).map(describeIssue)).toEqual(['fatal : not a JSON object']);
    expect(fhirErrors({ id: 'x' }).map(describeIssue)).toEqual(['fatal : no resourceType']);
  });
});
