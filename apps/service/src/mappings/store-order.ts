import type { MappingStore } from '@mapx/plugin-api';
import type { StoreEntry } from '../plugins/loaded-plugins.js';

/** The store of the built-in standard mappings (`@mapx/store-standard`): read-only, the bottom layer. */
export const BUILT_IN_STORE_ID = 'standard';

/** Rank in the merge: a store later in the order overrides an earlier one. */
const rank = (id: string): number => (id === BUILT_IN_STORE_ID ? 0 : id === 'folder' ? 2 : 1);

/**
 * Later stores override earlier ones: the built-in standard mappings come first (any user mapping with the same
 * id wins), the folder last, so file mappings override server mappings.
 */
export function orderStores(stores: readonly StoreEntry[]): StoreEntry[] {
  return [...stores].sort((a, b) => rank(a.id) - rank(b.id));
}

/**
 * Where a feature kept beside a mapping lives (its history, its test cases): the store that receives mapping writes
 * when it has the feature, else the store that wins for mapping ids among those that have it.
 */
export function storeWith<S extends MappingStore>(
  stores: readonly StoreEntry[],
  writable: MappingStore | undefined,
  has: (store: MappingStore | undefined) => store is S,
): S | undefined {
  if (has(writable)) return writable;
  return orderStores(stores)
    .map((entry) => entry.store)
    .filter(has)
    .at(-1);
}

/** MAPPINGS_PRIMARY_WRITABLE_STORE, else the folder, else the FHIR server, else any store that can write. */
export function pickWritableStore(
  stores: readonly StoreEntry[],
  preferred: string | undefined,
): MappingStore | undefined {
  if (preferred) return stores.find((s) => s.id === preferred)?.store;
  const byId = (id: string) => stores.find((s) => s.id === id)?.store;
  return byId('folder') ?? byId('fhir-server') ?? stores.find((s) => s.store.capabilities.write)?.store;
}
