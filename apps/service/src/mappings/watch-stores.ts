import type { Logger } from 'pino';
import type { MapxServices } from '../services.js';

/** Reloads the mapping cache when a store reports a change (polling or file watching). */
export function watchStores(services: MapxServices, logger: Logger): () => void {
  const disposables = services.plugins.stores.flatMap(({ store }) =>
    store.watch
      ? [
          store.watch(() => {
            services.mappings
              .reload()
              .catch((err: unknown) => logger.warn({ err }, `reload after a change in ${store.name} failed`));
          }),
        ]
      : [],
  );
  return () => disposables.forEach((d) => d.dispose());
}
