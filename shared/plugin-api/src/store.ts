import type { PluginBase } from './plugin.js';
import type { PluginContext } from './context.js';
import type { MappingTestCase, MappingTestCaseSummary } from './mapping-test-case.js';
import type { MappingVersion, MappingVersionSummary } from './mapping-version.js';

/** Everything one mapping source contributes (mapping-language §9.7). */
export interface StoreSnapshot {
  /** Mapping id → expression text. */
  readonly mappings: ReadonlyMap<string, string>;
  /** Alias name → string value, bound as `$<name>`. */
  readonly aliases: ReadonlyMap<string, string>;
  /** Static JSON values, bound as `$<key>`. */
  readonly statics: ReadonlyMap<string, unknown>;
  /** ConceptMap resources this source serves (e.g. from a FHIR server). */
  readonly conceptMaps: readonly unknown[];
  /**
   * Entries the source holds but does not serve, by the name a caller would use (a folder file
   * `my-map.mapx` → `my-map`), with the reason: the host answers a precise error instead of "not found".
   */
  readonly rejected?: ReadonlyMap<string, string>;
}

export interface StoreWriteResult {
  readonly created: boolean;
}

export interface Disposable {
  dispose(): void;
}

/** Error codes a store reports through `StoreError`. */
export type StoreErrorCode =
  | 'STORE_CONFLICT'
  | 'STORE_UNAVAILABLE'
  | 'STORE_READ_ONLY'
  | 'STORE_IO'
  /** `put`/`delete` got an id that fails `MAPPING_ID_PATTERN` (the host should have answered 400 already). */
  | 'STORE_BAD_ID';

export interface MappingStore {
  /** Human-readable name for logs, e.g. `folder:/srv/mappings`. */
  readonly name: string;
  readonly capabilities: { readonly write: boolean; readonly watch: boolean };
  /** Loads everything this source contributes. Throws a StoreError when the source cannot be read. */
  load(): Promise<StoreSnapshot>;
  get(id: string): Promise<string | undefined>;
  put?(id: string, expression: string): Promise<StoreWriteResult>;
  /** Resolves false when the mapping does not exist. */
  delete?(id: string): Promise<boolean>;
  /** Calls `onChange` when the source changed (polling or file watching). */
  watch?(onChange: () => void): Disposable;
  close(): Promise<void>;
  /*
   * Test cases beside a mapping (optional: a store without them still works; the host then reports that the
   * store keeps no tests). Names and extensions follow TEST_NAME_PATTERN / TEST_INPUT_EXTENSION_PATTERN; a store
   * throws STORE_BAD_ID for others. Writes need `capabilities.write`.
   */
  /** The mapping's test cases, sorted by name; empty when it has none. */
  listTests?(id: string): Promise<readonly MappingTestCaseSummary[]>;
  getTest?(id: string, name: string): Promise<MappingTestCase | undefined>;
  /** Stores the input and, when given, the expectation (an absent `expected` removes a stored one). */
  putTest?(id: string, testCase: MappingTestCase): Promise<StoreWriteResult>;
  /** Resolves false when the test case does not exist. */
  deleteTest?(id: string, name: string): Promise<boolean>;
  /*
   * History (optional, both or neither): the versions `put` replaced, kept within the store's own bounds. A store
   * without them still works; the host then reports that the store keeps no history.
   */
  /**
   * The mapping's versions, newest first: the current one (`current: true`) when the mapping exists, then the
   * earlier ones the store still keeps (a deleted mapping may still have those). Empty for an unknown or invalid
   * id.
   */
  listVersions?(id: string): Promise<readonly MappingVersionSummary[]>;
  /** One version by the id `listVersions` gave; undefined when unknown (or not a valid version id). */
  getVersion?(id: string, versionId: string): Promise<MappingVersion | undefined>;
}

export interface StorePlugin<O = unknown> extends PluginBase<'store', O> {
  /** Resolves null when the options say this source is not configured (e.g. no MAPPINGS_FOLDER). */
  create(options: O, ctx: PluginContext): Promise<MappingStore | null>;
}
