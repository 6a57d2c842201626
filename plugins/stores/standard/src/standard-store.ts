import type { MappingStore, PluginLogger, StoreSnapshot } from '@mapx/plugin-api';
import { loadStandardContent } from './load-standard-content.js';

/**
 * The standard mappings: read-only content shipped inside the package, read once (it cannot change while the
 * process runs) and served from memory on every later load.
 */
export class StandardStore implements MappingStore {
  readonly name: string;
  readonly capabilities = { write: false, watch: false } as const;
  private snapshot: Promise<StoreSnapshot> | undefined;

  constructor(
    private readonly dir: string,
    private readonly logger: PluginLogger,
  ) {
    this.name = `standard:${dir}`;
  }

  load(): Promise<StoreSnapshot> {
    this.snapshot ??= loadStandardContent(this.dir, this.logger).catch((error: unknown) => {
      this.snapshot = undefined;
      throw error;
    });
    return this.snapshot;
  }

  async get(id: string): Promise<string | undefined> {
    return (await this.load()).mappings.get(id);
  }

  async close(): Promise<void> {
    this.snapshot = undefined;
  }
}
