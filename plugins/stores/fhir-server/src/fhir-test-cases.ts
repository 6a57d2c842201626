import {
  StoreError,
  isValidMappingId,
  isValidTestInputExtension,
  isValidTestName,
  type MappingTestCase,
  type MappingTestCaseSummary,
  type StoreWriteResult,
} from '@mapx/plugin-api';
import type { FhirClient, FhirResource as ClientResource } from '@mapx/fhir-client';
import type { FhirResource } from './fhir-types.js';
import {
  buildTestCaseDocument,
  readTestCaseDocument,
  summarizeTestCase,
  testCaseResourceId,
  testCaseSearch,
} from './mapping-test-document.js';
import { searchAll } from './search-all.js';
import { failedStatus, toStoreError } from './store-errors.js';

const GONE = new Set([404, 410]);

/** Test cases as DocumentReferences related to the mapping's StructureMap (docs/stores.md). */
export class FhirTestCases {
  constructor(
    private readonly client: FhirClient,
    private readonly pageSize: number,
  ) {}

  async list(id: string): Promise<readonly MappingTestCaseSummary[]> {
    if (!isValidMappingId(id)) throw badId(`invalid mapping id "${id.slice(0, 80)}"`);
    const found = await searchAll(this.client, testCaseSearch(id, this.pageSize));
    return found
      .map((resource) => readTestCaseDocument(id, resource))
      .filter((c): c is MappingTestCase => c !== undefined && isValidTestName(c.name))
      .map(summarizeTestCase)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async get(id: string, name: string): Promise<MappingTestCase | undefined> {
    if (!isValidMappingId(id) || !isValidTestName(name)) return undefined;
    const resource = await this.read(id, name);
    return resource && readTestCaseDocument(id, resource);
  }

  async put(id: string, testCase: MappingTestCase): Promise<StoreWriteResult> {
    if (!isValidTestName(testCase.name))
      throw badId(`invalid test case name "${testCase.name.slice(0, 80)}"`);
    if (!isValidTestInputExtension(testCase.inputExtension))
      throw badId(`invalid input extension "${testCase.inputExtension.slice(0, 20)}"`);
    const current = await this.read(id, testCase.name);
    const version = current?.meta?.versionId;
    const resource = buildTestCaseDocument(id, testCase) as ClientResource;
    try {
      const res = await this.client.update(resource, current ? { ifMatch: version } : { ifNoneMatch: '*' });
      return { created: res.status === 201 };
    } catch (error) {
      const status = failedStatus(error);
      if (status === 409 || status === 412)
        throw new StoreError(
          'STORE_CONFLICT',
          `test "${testCase.name}" of "${id}" changed while being saved`,
        );
      throw toStoreError(error, this.client.baseUrl);
    }
  }

  async delete(id: string, name: string): Promise<boolean> {
    if (!isValidTestName(name)) throw badId(`invalid test case name "${name.slice(0, 80)}"`);
    if (!(await this.read(id, name))) return false;
    try {
      await this.client.delete('DocumentReference', testCaseResourceId(id, name));
      return true;
    } catch (error) {
      if (GONE.has(failedStatus(error) ?? 0)) return false;
      throw toStoreError(error, this.client.baseUrl);
    }
  }

  private async read(id: string, name: string): Promise<FhirResource | undefined> {
    try {
      return (await this.client.read('DocumentReference', testCaseResourceId(id, name))) as FhirResource;
    } catch (error) {
      if (GONE.has(failedStatus(error) ?? 0)) return undefined;
      throw toStoreError(error, this.client.baseUrl);
    }
  }
}

function badId(message: string): StoreError {
  return new StoreError('STORE_BAD_ID', message);
}
