type Json = Record<string, unknown>;

/**
 * ConceptMaps registered at run time (mapping stores, a FHIR server), found by canonical URL, id or name; the last
 * registration of a key wins. Cleared as a whole by POST /$recache.
 */
export class ExternalConceptMaps {
  private readonly byKey = new Map<string, Json>();

  add(maps: readonly Json[]): void {
    for (const cm of maps) {
      for (const k of [cm.url, cm.id, cm.name]) if (typeof k === 'string' && k !== '') this.byKey.set(k, cm);
      if (typeof cm.url === 'string' && typeof cm.version === 'string')
        this.byKey.set(`${cm.url}|${cm.version}`, cm);
    }
  }

  find(key: string): Json | undefined {
    return this.byKey.get(key);
  }

  clear(): void {
    this.byKey.clear();
  }
}
