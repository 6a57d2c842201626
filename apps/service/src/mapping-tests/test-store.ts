import type { MappingStore } from '@mapx/plugin-api';
import type { MapxServices } from '../services.js';
import { orderStores } from '../mappings/store-order.js';

/** A store that keeps test cases (all four optional methods). */
export type TestCaseStore = MappingStore & Required<Pick<MappingStore, 'listTests' | 'getTest'>>;

const keepsTests = (store: MappingStore | undefined): store is TestCaseStore =>
  typeof store?.listTests === 'function' && typeof store.getTest === 'function';

/**
 * Where a mapping's tests live: the store that receives mapping writes when it keeps tests, else the store that
 * wins for mapping ids (the folder over the FHIR server) among those that keep tests.
 */
export function testCaseStore(services: MapxServices): TestCaseStore | undefined {
  if (keepsTests(services.writableStore)) return services.writableStore;
  return orderStores(services.plugins.stores)
    .map((entry) => entry.store)
    .filter(keepsTests)
    .at(-1);
}
