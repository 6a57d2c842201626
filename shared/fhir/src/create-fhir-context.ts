import type { DefinitionIndex } from './definitions/definition-index.js';
import { StructureDefinitionStore } from './definitions/structure-definition-store.js';
import { createTerminologyRuntime } from './terminology/create-terminology-runtime.js';
import type {
  FhirContext,
  FhirLogger,
  PackageId,
  ResourceInfo,
  StructureDefinitionSummary,
} from './types.js';

export interface FhirContextParts {
  readonly fhirVersion: string;
  readonly packages: readonly PackageId[];
  readonly key: string;
  readonly index: DefinitionIndex;
  readonly logger: FhirLogger;
}

/** Assembles the context over a filled index; every method is synchronous. */
export function createFhirContext(parts: FhirContextParts): FhirContext {
  const { index } = parts;
  const sds = new StructureDefinitionStore(index, parts.logger);
  let summaries: StructureDefinitionSummary[] | undefined;
  const resolveInfo = (type: string, key: string, fromPackage?: string): ResourceInfo | undefined => {
    const r = index.find(type, key, fromPackage);
    if (!r) return undefined;
    const { entry: e } = r;
    return {
      resourceType: e.t,
      id: e.id,
      package: r.pkg.key,
      ...(e.url ? { url: e.url } : {}),
      ...(e.v ? { version: e.v } : {}),
      ...(e.name ? { name: e.name } : {}),
    };
  };
  return {
    fhirVersion: parts.fhirVersion,
    packages: parts.packages,
    key: parts.key,
    getStructureDefinition: (key) => sds.get(key),
    resolve(type, key, fromPackage) {
      if (type === 'StructureDefinition') return sds.get(key, fromPackage);
      const r = index.find(type, key, fromPackage);
      return r ? index.read(r) : undefined;
    },
    resolveInfo,
    listStructureDefinitions: () => (summaries ??= buildSummaries(index)),
    terminology: createTerminologyRuntime(index),
  };
}

function buildSummaries(index: DefinitionIndex): StructureDefinitionSummary[] {
  const seen = new Set<string>();
  const out: StructureDefinitionSummary[] = [];
  for (const { entry: e, pkg } of index.list('StructureDefinition')) {
    const url = e.url ?? '';
    if (seen.has(url)) continue;
    seen.add(url);
    out.push({
      id: e.id,
      url,
      name: e.name ?? e.id,
      kind: e.k ?? '',
      type: e.y ?? '',
      package: pkg.key,
      ...(e.d ? { derivation: e.d } : {}),
    });
  }
  return out;
}
