import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import type { MappingView } from '../mappings/mapping-cache.js';
import type { VersionedView } from './eval-task.js';

/**
 * Main side of the mapping view copy held by each worker: a view (the mapping cache swaps in a new object on every
 * change) gets the next version the first time an evaluation needs it, and is published once to every worker.
 */
export class ViewPublisher {
  readonly channelName = `mapx-eval-view-${randomUUID()}`;
  private readonly channel = new BroadcastChannel(this.channelName);
  private last: VersionedView | undefined;

  constructor() {
    this.channel.unref();
  }

  /** The versioned form of `view`, published to the workers if it is new. */
  publish(view: MappingView): VersionedView {
    if (this.last?.view === view) return this.last;
    const next = { version: (this.last?.version ?? 0) + 1, view };
    this.last = next;
    this.channel.postMessage(next);
    return next;
  }

  close(): void {
    this.channel.close();
  }
}
