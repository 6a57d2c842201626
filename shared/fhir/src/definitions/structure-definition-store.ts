import { describeError } from '../errors.js';
import type { FhirStructureDefinition } from '../fhir-types.js';
import { generateSnapshot } from '../snapshot/generate-snapshot.js';
import type { FhirLogger } from '../types.js';
import type { DefinitionIndex, IndexedResource } from './definition-index.js';

/**
 * StructureDefinitions with snapshots: published ones as they are, differential-only ones with a snapshot generated
 * on first request (from their base, recursively) and memoized.
 */
export class StructureDefinitionStore {
  private readonly memo = new Map<IndexedResource, FhirStructureDefinition>();
  private readonly building = new Set<IndexedResource>();

  constructor(
    private readonly index: DefinitionIndex,
    private readonly logger: FhirLogger,
  ) {}

  get(key: string, fromPackage?: string): FhirStructureDefinition | undefined {
    const r = this.index.find('StructureDefinition', key, fromPackage);
    return r ? this.load(r) : undefined;
  }

  private load(r: IndexedResource): FhirStructureDefinition {
    const done = this.memo.get(r);
    if (done) return done;
    const raw = this.index.read(r) as unknown as FhirStructureDefinition;
    const sd = raw.snapshot?.element.length ? raw : this.withSnapshot(r, raw);
    this.memo.set(r, sd);
    return sd;
  }

  private withSnapshot(r: IndexedResource, raw: FhirStructureDefinition): FhirStructureDefinition {
    if (this.building.has(r)) return raw;
    this.building.add(r);
    try {
      const element = generateSnapshot(raw, { resolve: (url) => this.get(url, r.pkg.key) });
      return { ...raw, snapshot: { element } };
    } catch (e) {
      this.logger.error(
        { structureDefinition: raw.url, package: r.pkg.key, error: describeError(e) },
        'snapshot generation failed',
      );
      return raw;
    } finally {
      this.building.delete(r);
    }
  }
}
