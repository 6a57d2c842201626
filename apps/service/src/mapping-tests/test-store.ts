import type { MappingStore } from '@mapx/plugin-api';
import type { MapxServices } from '../services.js';
import { storeWith } from '../mappings/store-order.js';

/** A store that keeps test cases (lists and reads them; writing them is optional). */
export type TestCaseStore = MappingStore & Required<Pick<MappingStore, 'listTests' | 'getTest'>>;

const keepsTests = (store: MappingStore | undefined): store is TestCaseStore =>
  typeof store?.listTests === 'function' && typeof store.getTest === 'function';

/** Where a mapping's tests live (`storeWith`): the folder wins over the FHIR server among stores that keep them. */
export function testCaseStore(services: MapxServices): TestCaseStore | undefined {
  return storeWith(services.plugins.stores, services.writableStore, keepsTests);
}
