import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexEntry } from './package-index.js';

export interface PackageRef {
  readonly id: string;
  readonly version: string;
  /** `id#version` */
  readonly key: string;
  readonly folder: string;
}

export interface IndexedResource {
  readonly entry: IndexEntry;
  readonly pkg: PackageRef;
}

interface TypeMaps {
  readonly byUrl: Map<string, IndexedResource[]>;
  readonly byId: Map<string, IndexedResource[]>;
  readonly byName: Map<string, IndexedResource[]>;
  readonly all: IndexedResource[];
}

/**
 * Lookup of conformance resources across the context's packages. Packages are added in precedence order, so the
 * first hit of every list is the winner; resource files are read on first use only, then memoized.
 */
export class DefinitionIndex {
  private readonly types = new Map<string, TypeMaps>();
  private readonly memo = new Map<IndexedResource, Record<string, unknown>>();

  addPackage(pkg: PackageRef, entries: readonly IndexEntry[]): void {
    for (const entry of entries) {
      const maps = this.typeMaps(entry.t);
      const r: IndexedResource = { entry, pkg };
      maps.all.push(r);
      push(maps.byId, entry.id, r);
      if (entry.name) push(maps.byName, entry.name, r);
      if (entry.url) {
        push(maps.byUrl, entry.url, r);
        if (entry.v) push(maps.byUrl, `${entry.url}|${entry.v}`, r);
      }
    }
  }

  /** By canonical URL (optionally `|version`), then id, then name; `fromPackage` (`id#version`) wins ties. */
  find(resourceType: string, key: string, fromPackage?: string): IndexedResource | undefined {
    const maps = this.types.get(resourceType);
    if (!maps || key === '') return undefined;
    const hits =
      maps.byUrl.get(key) ??
      maps.byUrl.get(key.split('|')[0] ?? key) ??
      maps.byId.get(key) ??
      maps.byName.get(key);
    if (!hits) return undefined;
    return (fromPackage ? hits.find((h) => h.pkg.key === fromPackage) : undefined) ?? hits[0];
  }

  list(resourceType: string): readonly IndexedResource[] {
    return this.types.get(resourceType)?.all ?? [];
  }

  /** Reads the resource file (sync, first use only). */
  read(r: IndexedResource): Record<string, unknown> {
    let json = this.memo.get(r);
    if (!json) {
      json = JSON.parse(readFileSync(join(r.pkg.folder, 'package', r.entry.f), 'utf8')) as Record<
        string,
        unknown
      >;
      this.memo.set(r, json);
    }
    return json;
  }

  private typeMaps(t: string): TypeMaps {
    let maps = this.types.get(t);
    if (!maps) {
      maps = { byUrl: new Map(), byId: new Map(), byName: new Map(), all: [] };
      this.types.set(t, maps);
    }
    return maps;
  }
}

function push(map: Map<string, IndexedResource[]>, key: string, r: IndexedResource): void {
  const list = map.get(key);
  if (list) list.push(r);
  else map.set(key, [r]);
}
