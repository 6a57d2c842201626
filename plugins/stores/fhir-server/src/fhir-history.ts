import {
  isValidMappingId,
  isValidMappingVersionId,
  type MappingVersion,
  type MappingVersionSummary,
} from '@mapx/plugin-api';
import type { FhirClient } from '@mapx/fhir-client';
import type { FhirResource } from './fhir-types.js';
import { readMappingExpression } from './mapping-structure-map.js';
import { failedStatus, toStoreError } from './store-errors.js';

const GONE = new Set([404, 410]);

/**
 * A mapping's versions from the server's own `StructureMap/<id>/_history` (docs/stores.md, "History"): the store
 * keeps nothing itself, so the server's retention is the bound; one page of `pageSize` versions is listed.
 */
export class FhirHistory {
  constructor(
    private readonly client: FhirClient,
    private readonly pageSize: number,
  ) {}

  async list(id: string): Promise<readonly MappingVersionSummary[]> {
    if (!isValidMappingId(id)) return [];
    const [current, bundle] = await Promise.all([this.readCurrent(id), this.readHistory(id)]);
    const versions = (bundle ?? [])
      .filter((r) => r.meta?.versionId !== undefined && readMappingExpression(r) !== undefined)
      // servers list newest first, but not all of them (nor every in-memory test server) keep to it
      .sort((a, b) => Date.parse(b.meta?.lastUpdated ?? '') - Date.parse(a.meta?.lastUpdated ?? ''));
    const currentId = current?.meta?.versionId;
    const seen = new Set<string>();
    const out: MappingVersionSummary[] = [];
    if (current && currentId) {
      out.push(summary(current, true));
      seen.add(currentId);
    }
    for (const resource of versions) {
      const versionId = resource.meta!.versionId!;
      if (seen.has(versionId) || !isValidMappingVersionId(versionId)) continue;
      seen.add(versionId);
      out.push(summary(resource, false));
    }
    return out;
  }

  async get(id: string, versionId: string): Promise<MappingVersion | undefined> {
    if (!isValidMappingId(id) || !isValidMappingVersionId(versionId)) return undefined;
    let resource: FhirResource;
    try {
      resource = (await this.client.readReference(
        `StructureMap/${id}/_history/${versionId}`,
      )) as FhirResource;
    } catch (error) {
      if (GONE.has(failedStatus(error) ?? 0)) return undefined;
      throw toStoreError(error, this.client.baseUrl);
    }
    const expression = readMappingExpression(resource);
    if (expression === undefined || resource.meta?.versionId !== versionId) return undefined;
    const current = await this.readCurrent(id);
    return { ...summary(resource, current?.meta?.versionId === versionId), expression };
  }

  private async readCurrent(id: string): Promise<FhirResource | undefined> {
    try {
      const resource = (await this.client.read('StructureMap', id)) as FhirResource;
      return readMappingExpression(resource) === undefined ? undefined : resource;
    } catch (error) {
      if (GONE.has(failedStatus(error) ?? 0)) return undefined;
      throw toStoreError(error, this.client.baseUrl);
    }
  }

  private async readHistory(id: string): Promise<FhirResource[] | undefined> {
    try {
      const bundle = await this.client.history('StructureMap', id, { count: this.pageSize });
      return (bundle.entry ?? []).flatMap((e) => (e.resource ? [e.resource as FhirResource] : []));
    } catch (error) {
      // a deleted resource: some servers keep no history reachable for it
      if (GONE.has(failedStatus(error) ?? 0)) return undefined;
      throw toStoreError(error, this.client.baseUrl);
    }
  }
}

function summary(resource: FhirResource, current: boolean): MappingVersionSummary {
  const savedAt = resource.meta?.lastUpdated;
  return { versionId: resource.meta!.versionId!, ...(savedAt ? { savedAt } : {}), current };
}
