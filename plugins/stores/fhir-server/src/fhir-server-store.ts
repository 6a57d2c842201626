import {
  StoreError,
  createKeyedQueue,
  isValidMappingId,
  type Disposable,
  type MappingStore,
  type MappingTestCase,
  type MappingTestCaseSummary,
  type MappingVersion,
  type MappingVersionSummary,
  type PluginLogger,
  type StoreSnapshot,
  type StoreWriteResult,
} from '@mapx/plugin-api';
import type { FhirClient, FhirResource as ClientResource, FhirWriteResult } from '@mapx/fhir-client';
import { ALIAS_SEARCH, aliasMapKind, readServerAliases } from './alias-concept-map.js';
import { pollForChanges, type WatchedSearch } from './change-poller.js';
import type { FhirResource } from './fhir-types.js';
import { buildMappingStructureMap, readMappingExpression } from './mapping-structure-map.js';
import type { FhirServerStoreOptions } from './options.js';
import { searchAll } from './search-all.js';
import { FhirTestCases } from './fhir-test-cases.js';
import { FhirHistory } from './fhir-history.js';
import { failedStatus, toStoreError } from './store-errors.js';

export type ConfiguredFhirServerOptions = FhirServerStoreOptions & { readonly baseUrl: string };

const GONE = new Set([404, 410]);

/** Mappings as StructureMaps on a FHIR server, written with optimistic locking; see docs/stores.md. */
export class FhirServerStore implements MappingStore {
  readonly name: string;
  readonly capabilities: { readonly write: boolean; readonly watch: boolean };
  private readonly queue = createKeyedQueue();
  private readonly tests: FhirTestCases;
  private readonly history: FhirHistory;
  private readonly watchers = new Set<{ dispose(): void; onChange: () => void }>();
  /** Mapping id → `meta.versionId` at our last read or write: the version an update must still find. */
  private versions = new Map<string, string>();
  private lastLoad: { generation: number; searches: readonly WatchedSearch[] } = {
    generation: 0,
    searches: [],
  };

  constructor(
    private readonly options: ConfiguredFhirServerOptions,
    private readonly client: FhirClient,
    private readonly logger: PluginLogger,
  ) {
    this.name = `fhir-server:${options.baseUrl}`;
    const watch = options.pollingIntervalMs > 0 || options.forcedResyncIntervalMs > 0;
    this.capabilities = { write: options.writeEnabled, watch };
    this.tests = new FhirTestCases(client, options.pageSize);
    this.history = new FhirHistory(client, options.pageSize);
  }

  async load(): Promise<StoreSnapshot> {
    const page = `_count=${this.options.pageSize}`;
    const conceptMapQuery = this.options.conceptMaps === 'all' ? 'ConceptMap' : ALIAS_SEARCH;
    const [structureMaps, conceptMaps] = await Promise.all([
      searchAll(this.client, `StructureMap?${page}`),
      searchAll(this.client, `${conceptMapQuery}${conceptMapQuery.includes('?') ? '&' : '?'}${page}`),
    ]);
    const mappings = new Map<string, string>();
    const versions = new Map<string, string>();
    for (const resource of structureMaps) {
      const expression = readMappingExpression(resource);
      if (expression === undefined || resource.id === undefined) continue;
      mappings.set(resource.id, expression);
      if (resource.meta?.versionId) versions.set(resource.id, resource.meta.versionId);
    }
    this.versions = versions;
    this.lastLoad = {
      generation: this.lastLoad.generation + 1,
      searches: [watched('StructureMap', structureMaps), watched(conceptMapQuery, conceptMaps)],
    };
    return {
      mappings: new Map([...mappings].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      aliases: readServerAliases(conceptMaps, this.logger),
      statics: new Map(),
      conceptMaps: this.options.conceptMaps === 'all' ? conceptMaps.filter((r) => !aliasMapKind(r)) : [],
    };
  }

  async get(id: string): Promise<string | undefined> {
    const current = await this.read(id);
    return current && readMappingExpression(current);
  }

  async put(id: string, expression: string): Promise<StoreWriteResult> {
    this.assertWritable(id);
    return this.queue.run(id, async () => {
      const known = this.versions.get(id);
      if (known === undefined) await this.assertAbsent(id);
      const resource = buildMappingStructureMap(id, expression, this.options.baseUrl) as ClientResource;
      try {
        // Optimistic locking: the update applies only to the version we last saw; a create only if still absent.
        const res = await this.client.update(
          resource,
          known === undefined ? { ifNoneMatch: '*' } : { ifMatch: known },
        );
        this.remember(id, res);
        return { created: res.status === 201 };
      } catch (error) {
        const status = failedStatus(error);
        if (status === 409 || status === 412 || (known !== undefined && GONE.has(status ?? 0))) {
          throw this.conflict(id, 'it was changed on the FHIR server since it was last read');
        }
        throw toStoreError(error, this.client.baseUrl);
      }
    });
  }

  async delete(id: string): Promise<boolean> {
    this.assertWritable(id);
    return this.queue.run(id, async () => {
      const current = await this.read(id);
      if (!current || readMappingExpression(current) === undefined) return false;
      const version = current.meta?.versionId;
      try {
        await this.client.delete('StructureMap', id, { ifMatch: version });
      } catch (error) {
        const status = failedStatus(error);
        if (GONE.has(status ?? 0)) return false;
        if (status === 409 || status === 412) throw this.conflict(id, 'it changed while being deleted');
        throw toStoreError(error, this.client.baseUrl);
      }
      this.versions.delete(id);
      return true;
    });
  }

  listVersions(id: string): Promise<readonly MappingVersionSummary[]> {
    return this.history.list(id);
  }

  getVersion(id: string, versionId: string): Promise<MappingVersion | undefined> {
    return this.history.get(id, versionId);
  }

  listTests(id: string): Promise<readonly MappingTestCaseSummary[]> {
    return this.tests.list(id);
  }

  getTest(id: string, name: string): Promise<MappingTestCase | undefined> {
    return this.tests.get(id, name);
  }

  async putTest(id: string, testCase: MappingTestCase): Promise<StoreWriteResult> {
    this.assertWritable(id);
    return this.queue.run(`${id}.tests`, () => this.tests.put(id, testCase));
  }

  async deleteTest(id: string, name: string): Promise<boolean> {
    this.assertWritable(id);
    return this.queue.run(`${id}.tests`, () => this.tests.delete(id, name));
  }

  watch(onChange: () => void): Disposable {
    const poller = pollForChanges(
      {
        client: this.client,
        logger: this.logger,
        pollingIntervalMs: this.options.pollingIntervalMs,
        forcedResyncIntervalMs: this.options.forcedResyncIntervalMs,
        lastLoad: () => this.lastLoad,
      },
      onChange,
    );
    const watcher = {
      onChange,
      dispose: () => {
        poller.dispose();
        this.watchers.delete(watcher);
      },
    };
    this.watchers.add(watcher);
    return watcher;
  }

  async close(): Promise<void> {
    for (const watcher of [...this.watchers]) watcher.dispose();
    await this.queue.idle();
  }

  /** The current StructureMap `id`, or undefined when absent; remembers its version. */
  private async read(id: string): Promise<FhirResource | undefined> {
    if (!isValidMappingId(id)) return undefined;
    let resource: FhirResource;
    try {
      resource = (await this.client.read('StructureMap', id)) as FhirResource;
    } catch (error) {
      if (GONE.has(failedStatus(error) ?? 0)) return undefined;
      throw toStoreError(error, this.client.baseUrl);
    }
    if (resource.resourceType !== 'StructureMap') {
      throw new StoreError(
        'STORE_UNAVAILABLE',
        `FHIR server GET StructureMap/${id}: the answer is a ${resource.resourceType.slice(0, 64)}`,
      );
    }
    if (readMappingExpression(resource) !== undefined) this.remember(id, { resource, etag: undefined });
    return resource;
  }

  /** A create must not replace a StructureMap that another writer created after our last load. */
  private async assertAbsent(id: string): Promise<void> {
    const current = await this.read(id);
    if (current === undefined) return;
    throw this.conflict(
      id,
      readMappingExpression(current) === undefined
        ? 'a StructureMap with this id exists on the FHIR server and is not a mapx mapping'
        : 'another writer created it on the FHIR server since the last load',
    );
  }

  private remember(id: string, res: Pick<FhirWriteResult, 'resource' | 'etag'>): void {
    const version =
      (res.resource as FhirResource | undefined)?.meta?.versionId ?? /"([^"]+)"/.exec(res.etag ?? '')?.[1];
    if (version) this.versions.set(id, version);
    else this.versions.delete(id);
  }

  private conflict(id: string, why: string): StoreError {
    // The host reloads on change: that refreshes what this replica knows, so a deliberate retry can succeed.
    for (const watcher of this.watchers) watcher.onChange();
    return new StoreError('STORE_CONFLICT', `mapping "${id}" was not saved: ${why}`);
  }

  private assertWritable(id: string): void {
    if (!this.options.writeEnabled) {
      throw new StoreError('STORE_READ_ONLY', 'writes to the FHIR server mapping store are disabled');
    }
    if (!isValidMappingId(id))
      throw new StoreError('STORE_BAD_ID', `invalid mapping id "${id.slice(0, 80)}"`);
  }
}

function watched(query: string, resources: readonly FhirResource[]): WatchedSearch {
  let newest: string | undefined;
  for (const r of resources) {
    const at = r.meta?.lastUpdated;
    if (at && (newest === undefined || Date.parse(at) > Date.parse(newest))) newest = at;
  }
  return { query, count: resources.length, newest };
}
