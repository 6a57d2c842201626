import type { MappingStore } from '@mapx/plugin-api';
import type { StoreEntry } from '../plugins/loaded-plugins.js';

/** Later stores override earlier ones: the folder comes last, so file mappings override server mappings. */
export function orderStores(stores: readonly StoreEntry[]): StoreEntry[] {
  return [...stores].sort((a, b) => Number(a.id === 'folder') - Number(b.id === 'folder'));
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
