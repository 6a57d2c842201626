import { BroadcastChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { EMPTY_VIEW, type MappingView } from '../mappings/mapping-cache.js';
import type { VersionedView } from './eval-task.js';

/**
 * Worker side of the mapping view copy. Piscina pauses a worker's event loop between tasks, so published views
 * are read synchronously from the channel when a task asks for a version this worker does not hold yet.
 */
export class ViewReceiver {
  private held: VersionedView = { version: 0, view: EMPTY_VIEW };
  private readonly channel: BroadcastChannel;

  constructor(
    channelName: string,
    private readonly onChange: (view: MappingView) => void,
  ) {
    this.channel = new BroadcastChannel(channelName);
    this.channel.unref();
  }

  get view(): MappingView {
    return this.held.view;
  }

  /** True when, after reading every published view, this worker holds `version`. */
  sync(version: number): boolean {
    // Node accepts a BroadcastChannel here since 15.12; @types/node 20 still names MessagePort only
    const port = this.channel as unknown as MessagePort;
    for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port))
      this.adopt(m.message as VersionedView);
    return this.held.version === version;
  }

  /** Adopts a view main attached to a task (this worker had answered `stale`). */
  adopt(next: VersionedView): void {
    if (next.version === this.held.version) return;
    this.held = next;
    this.onChange(next.view);
  }
}
