import type { CapabilityStatement } from '@medplum/fhirtypes';

/** The router has no `metadata` route, so the adapter answers it with this small statement. */
export function buildCapabilityStatement(baseUrl: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2024-01-01',
    kind: 'instance',
    fhirVersion: '4.0.1',
    format: ['json'],
    software: { name: 'mapx FHIR test server (Medplum MemoryRepository)' },
    implementation: { description: 'In-memory FHIR server for tests', url: baseUrl },
    rest: [{ mode: 'server' }],
  };
}
