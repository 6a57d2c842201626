import type { Logger } from 'pino';
import type { MappingStore } from '@mapx/plugin-api';
import type { MappingCache } from './mapping-cache.js';

/** Reloads the mapping cache when a store reports a change (polling or file watching). */
export function watchStores(
  stores: readonly { readonly store: MappingStore }[],
  mappings: MappingCache,
  logger: Logger,
): () => void {
  const disposables = stores.flatMap(({ store }) =>
    store.watch
      ? [
          store.watch(() => {
            mappings
              .reload()
              .catch((err: unknown) => logger.warn({ err }, `reload after a change in ${store.name} failed`));
          }),
        ]
      : [],
  );
  return () => disposables.forEach((d) => d.dispose());
}
