import type { MappingStore, StoreSnapshot } from '@mapx/plugin-api';

export interface MappingView {
  readonly mappings: ReadonlyMap<string, string>;
  readonly aliases: ReadonlyMap<string, string>;
  readonly statics: ReadonlyMap<string, unknown>;
  readonly conceptMaps: readonly unknown[];
  /** Names of store entries that are not served (invalid mapping ids), with the reason. */
  readonly rejected: ReadonlyMap<string, string>;
}

/** A built-in (standard) mapping and whether a mapping of another store overrides it. */
export interface BuiltInMapping {
  readonly id: string;
  readonly overridden: boolean;
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
 * The built-in store, when there is one, is the bottom layer: a user mapping with its id overrides it, and
 * deleting that override brings the built-in mapping back.
 */
export class MappingCache {
  /** Completed reloads of every source, for GET /metrics. */
  readonly reloads = { ok: 0, failed: 0 };
  private view: MappingView = EMPTY_VIEW;
  /** The built-in store's mappings at the last load. */
  private builtIn: ReadonlyMap<string, string> = new Map();
  /** Ids some other store serves (at the last load, then after each write). */
  private userIds: ReadonlySet<string> = new Set();
  private loading: Promise<MappingView> | undefined;
  /** Writes made while a reload is reading the stores: that reload may have read the stores before them. */
  private writesDuringLoad: Array<readonly [string, string | undefined]> | undefined;

  constructor(
    private readonly stores: readonly MappingStore[],
    private readonly onReload: (view: MappingView) => void = () => undefined,
    /** The read-only built-in store (the standard mappings), one of `stores`. */
    private readonly builtInStore?: MappingStore,
  ) {}

  /** The built-in mappings, sorted by id, each with whether another store's mapping overrides it. */
  builtInMappings(): BuiltInMapping[] {
    return [...this.builtIn.keys()].sort().map((id) => ({ id, overridden: this.userIds.has(id) }));
  }

  /** The built-in mapping's own text, whether or not another store overrides it. */
  builtInText(id: string): string | undefined {
    return this.builtIn.get(id);
  }

  /** Whether `id` is a built-in mapping that no other store overrides. */
  isBuiltInOnly(id: string): boolean {
    return this.builtIn.has(id) && !this.userIds.has(id);
  }

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
    this.view = { ...this.view, mappings: withWrite(this.view.mappings, id, expression, this.builtIn) };
    const userIds = new Set(this.userIds);
    if (expression === undefined) userIds.delete(id);
    else userIds.add(id);
    this.userIds = userIds;
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
      const builtInAt = this.builtInStore ? this.stores.indexOf(this.builtInStore) : -1;
      const builtIn = snapshots[builtInAt]?.mappings ?? new Map<string, string>();
      const userIds = new Set(snapshots.flatMap((s, i) => (i === builtInAt ? [] : [...s.mappings.keys()])));
      for (const [id, expression] of writes) {
        view = { ...view, mappings: withWrite(view.mappings, id, expression, builtIn) };
        if (expression === undefined) userIds.delete(id);
        else userIds.add(id);
      }
      this.view = view;
      this.builtIn = builtIn;
      this.userIds = userIds;
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

/** A write applied to the merged mappings: a deleted id falls back to the built-in mapping of that id, if any. */
function withWrite(
  current: ReadonlyMap<string, string>,
  id: string,
  expression: string | undefined,
  builtIn: ReadonlyMap<string, string>,
): Map<string, string> {
  const mappings = new Map(current);
  const value = expression ?? builtIn.get(id);
  if (value === undefined) mappings.delete(id);
  else mappings.set(id, value);
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
