import type { Disposable, PluginLogger } from '@mapx/plugin-api';
import type { FhirClient } from '@mapx/fhir-client';
import { toStoreError } from './store-errors.js';

/** One search whose results the last load saw: how many, and the newest `meta.lastUpdated` among them. */
export interface WatchedSearch {
  readonly query: string;
  readonly count: number;
  readonly newest: string | undefined;
}

export interface ChangePollerOptions {
  readonly client: FhirClient;
  readonly logger: PluginLogger;
  readonly pollingIntervalMs: number;
  readonly forcedResyncIntervalMs: number;
  /** What the last load saw, and a number that changes with every load. */
  readonly lastLoad: () => { readonly generation: number; readonly searches: readonly WatchedSearch[] };
}

/**
 * Polls the server: a search with `_lastUpdated=gt<newest seen>` finds creations and updates, a count that
 * differs from the last load finds deletions. Reports at most once per load, since the host reloads on the
 * report. The forced resync reports unconditionally.
 */
export function pollForChanges(options: ChangePollerOptions, onChange: () => void): Disposable {
  const timers = new Set<NodeJS.Timeout>();
  const state = { disposed: false, reportedGeneration: -1, failing: false };
  const notify = (): void => {
    if (!state.disposed) onChange();
  };
  const every = (ms: number, task: () => Promise<void>): void => {
    const schedule = (): void => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void task().finally(() => {
          if (!state.disposed) schedule();
        });
      }, ms);
      timer.unref();
      timers.add(timer);
    };
    schedule();
  };
  if (options.pollingIntervalMs > 0) every(options.pollingIntervalMs, () => pollOnce(options, state, notify));
  if (options.forcedResyncIntervalMs > 0) every(options.forcedResyncIntervalMs, async () => notify());
  return {
    dispose() {
      state.disposed = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}

async function pollOnce(
  options: ChangePollerOptions,
  state: { reportedGeneration: number; failing: boolean },
  notify: () => void,
): Promise<void> {
  const { generation, searches } = options.lastLoad();
  if (generation === state.reportedGeneration || generation === 0) return;
  try {
    const changed = await hasChanged(options.client, searches);
    if (state.failing) options.logger.info('FHIR server: reachable again');
    state.failing = false;
    if (changed) {
      state.reportedGeneration = generation;
      notify();
    }
  } catch (error) {
    // Once per outage: a server that is down for an hour should not fill the log.
    if (!state.failing)
      options.logger.warn({ reason: (error as Error).message }, 'FHIR server: change polling failed');
    state.failing = true;
  }
}

async function hasChanged(client: FhirClient, searches: readonly WatchedSearch[]): Promise<boolean> {
  for (const search of searches) {
    const sep = search.query.includes('?') ? '&' : '?';
    const total = await countOf(client, `${search.query}${sep}_summary=count`);
    if (total !== undefined && total !== search.count) return true;
    const newer = search.newest
      ? await countOf(
          client,
          `${search.query}${sep}_lastUpdated=gt${encodeURIComponent(search.newest)}&_summary=count`,
        )
      : undefined;
    if (newer !== undefined && newer > 0) return true;
  }
  return false;
}

async function countOf(client: FhirClient, query: string): Promise<number | undefined> {
  const bundle = await client.search(query).catch((error: unknown) => {
    throw toStoreError(error, client.baseUrl);
  });
  return typeof bundle.total === 'number' ? bundle.total : undefined;
}
