import type { MappingStore, StoreSnapshot } from '@mapx/plugin-api';

export interface MappingView {
  readonly mappings: ReadonlyMap<string, string>;
  readonly aliases: ReadonlyMap<string, string>;
  readonly statics: ReadonlyMap<string, unknown>;
  readonly conceptMaps: readonly unknown[];
  /** Names of store entries that are not served (invalid mapping ids), with the reason. */
  readonly rejected: ReadonlyMap<string, string>;
}

/** The view before the first load (and of a service without mapping sources). */
export const EMPTY_VIEW: MappingView = {
  mappings: new Map(),
  aliases: new Map(),
  statics: new Map(),
  conceptMaps: [],
  rejected: new Map(),
};

/**
 * The merged view of every mapping source. A reload builds a complete new view and swaps it in one assignment,
 * so a request always sees either the old or the new set, never a mix; a failed reload keeps the old view.
 * Sources listed later override earlier ones (the folder overrides the FHIR server, as in the reference).
 */
export class MappingCache {
  /** Completed reloads of every source, for GET /metrics. */
  readonly reloads = { ok: 0, failed: 0 };
  private view: MappingView = EMPTY_VIEW;
  private loading: Promise<MappingView> | undefined;
  /** Writes made while a reload is reading the stores: that reload may have read the stores before them. */
  private writesDuringLoad: Array<readonly [string, string | undefined]> | undefined;

  constructor(
    private readonly stores: readonly MappingStore[],
    private readonly onReload: (view: MappingView) => void = () => undefined,
  ) {}

  get configured(): boolean {
    return this.stores.length > 0;
  }

  current(): MappingView {
    return this.view;
  }

  /** Reloads every source; concurrent calls share one reload. */
  reload(): Promise<MappingView> {
    this.loading ??= this.loadAll().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** A reload that starts after every reload in progress, so it reads what the stores hold now. */
  async freshReload(): Promise<MappingView> {
    await this.loading?.catch(() => undefined);
    return this.reload();
  }

  /** Replaces one mapping in the current view after a successful write (no full reload needed). */
  applyWrite(id: string, expression: string | undefined): void {
    this.view = { ...this.view, mappings: withWrite(this.view.mappings, id, expression) };
    this.writesDuringLoad?.push([id, expression]);
    // A reload in progress keeps the write (above), but what the stores remember about the mapping (a FHIR
    // server's versionId) may come from before it: reload once more afterwards.
    void this.loading?.then(
      () => this.reload(),
      () => undefined,
    );
  }

  private async loadAll(): Promise<MappingView> {
    const writes: Array<readonly [string, string | undefined]> = [];
    this.writesDuringLoad = writes;
    try {
      const snapshots = await Promise.all(this.stores.map((s) => s.load()));
      let view = merge(snapshots);
      for (const [id, expression] of writes)
        view = { ...view, mappings: withWrite(view.mappings, id, expression) };
      this.view = view;
      this.reloads.ok++;
    } catch (err) {
      this.reloads.failed++;
      throw err;
    } finally {
      this.writesDuringLoad = undefined;
    }
    this.onReload(this.view);
    return this.view;
  }
}

function withWrite(
  current: ReadonlyMap<string, string>,
  id: string,
  expression: string | undefined,
): Map<string, string> {
  const mappings = new Map(current);
  if (expression === undefined) mappings.delete(id);
  else mappings.set(id, expression);
  return mappings;
}

function merge(snapshots: readonly StoreSnapshot[]): MappingView {
  const mappings = new Map<string, string>();
  const aliases = new Map<string, string>();
  const statics = new Map<string, unknown>();
  const conceptMaps: unknown[] = [];
  const rejected = new Map<string, string>();
  for (const s of snapshots) {
    for (const [k, v] of s.rejected ?? []) rejected.set(k, v);
    for (const [k, v] of s.mappings) mappings.set(k, v);
    for (const [k, v] of s.aliases) aliases.set(k, v);
    for (const [k, v] of s.statics) statics.set(k, v);
    conceptMaps.push(...s.conceptMaps);
  }
  for (const k of mappings.keys()) rejected.delete(k);
  return { mappings, aliases, statics, conceptMaps, rejected };
}
