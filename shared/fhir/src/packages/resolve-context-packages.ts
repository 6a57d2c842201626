import { type FhirLogger } from '../types.js';
import { resolvePackage, type ResolvedPackage, type ResolverOptions } from './package-resolver.js';
import { isCorePackage, parsePackageSpec, type PackageSpec } from './package-spec.js';

/**
 * Resolves the roots and their transitive dependencies, one version per package id (the first one reached wins:
 * roots before dependencies, breadth first). The result is in precedence order: requested packages in the order
 * given, then their dependencies, core packages last.
 */
export async function resolveContextPackages(
  roots: readonly PackageSpec[],
  o: ResolverOptions & { readonly logger: FhirLogger },
): Promise<ResolvedPackage[]> {
  const chosen = new Map<string, ResolvedPackage>();
  const queue: { spec: PackageSpec; dependency: boolean; from?: string }[] = roots.map((spec) => ({
    spec,
    dependency: false,
  }));
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next) break;
    const seen = chosen.get(next.spec.id);
    if (seen) {
      if (seen.version !== next.spec.range && next.from) {
        o.logger.debug(
          { package: next.spec.id, wanted: next.spec.range, by: next.from, using: seen.version },
          'FHIR dependency version unified',
        );
      }
      continue;
    }
    const pkg = await resolvePackage(next.spec, next.dependency, o);
    chosen.set(pkg.id, pkg);
    for (const [id, range] of Object.entries(pkg.manifest.dependencies)) {
      queue.push({
        spec: parsePackageSpec(`${id}@${range}`),
        dependency: true,
        from: `${pkg.id}#${pkg.version}`,
      });
    }
  }
  const ordered = [...chosen.values()];
  return [...ordered.filter((p) => !isCorePackage(p.id)), ...ordered.filter((p) => isCorePackage(p.id))];
}
