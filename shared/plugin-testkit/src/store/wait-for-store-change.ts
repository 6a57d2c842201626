import type { MappingStore } from '@mapx/plugin-api';
import { waitFor } from './wait-for.js';

/** Runs `action` while subscribed to `store.watch` and resolves once the store has reported a change. */
export async function waitForStoreChange(
  store: MappingStore,
  action: () => Promise<unknown>,
  timeoutMs = 10_000,
): Promise<void> {
  if (!store.watch) throw new Error(`${store.name} offers no change detection`);
  let changes = 0;
  const subscription = store.watch(() => {
    changes += 1;
  });
  try {
    await action();
    await waitFor(() => changes > 0, timeoutMs, 'a change event');
  } finally {
    subscription.dispose();
  }
}
