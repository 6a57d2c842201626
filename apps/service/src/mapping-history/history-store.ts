import type { MappingStore } from '@mapx/plugin-api';
import type { MapxServices } from '../services.js';
import { storeWith } from '../mappings/store-order.js';

/** A store that keeps mapping history (both optional methods). */
export type HistoryStore = MappingStore & Required<Pick<MappingStore, 'listVersions' | 'getVersion'>>;

const keepsHistory = (store: MappingStore | undefined): store is HistoryStore =>
  typeof store?.listVersions === 'function' && typeof store.getVersion === 'function';

/** Where a mapping's history lives: the store whose saves make versions, when it keeps history (`storeWith`). */
export function historyStore(services: MapxServices): HistoryStore | undefined {
  return storeWith(services.plugins.stores, services.writableStore, keepsHistory);
}
