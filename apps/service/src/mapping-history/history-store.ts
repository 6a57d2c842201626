import type { MappingStore } from '@mapx/plugin-api';
import type { MapxServices } from '../services.js';
import { orderStores } from '../mappings/store-order.js';

/** A store that keeps mapping history (both optional methods). */
export type HistoryStore = MappingStore & Required<Pick<MappingStore, 'listVersions' | 'getVersion'>>;

const keepsHistory = (store: MappingStore | undefined): store is HistoryStore =>
  typeof store?.listVersions === 'function' && typeof store.getVersion === 'function';

/**
 * Where a mapping's history lives: the store that receives mapping writes (the one whose saves make versions)
 * when it keeps history, else the store that wins for mapping ids among those that keep history.
 */
export function historyStore(services: MapxServices): HistoryStore | undefined {
  if (keepsHistory(services.writableStore)) return services.writableStore;
  return orderStores(services.plugins.stores)
    .map((entry) => entry.store)
    .filter(keepsHistory)
    .at(-1);
}
