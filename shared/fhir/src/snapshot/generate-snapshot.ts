import type { FhirElementDefinition, FhirStructureDefinition } from '../fhir-types.js';
import { SnapshotBuilder, SnapshotError, type SnapshotDeps } from './snapshot-builder.js';

export type { SnapshotDeps } from './snapshot-builder.js';

/** Snapshot of a constraint StructureDefinition from its base's snapshot and its differential. */
export function generateSnapshot(sd: FhirStructureDefinition, deps: SnapshotDeps): FhirElementDefinition[] {
  if (sd.derivation === 'specialization' || !sd.baseDefinition) {
    throw new SnapshotError(
      `${sd.url}: only constraints can get a generated snapshot (no snapshot published)`,
    );
  }
  const base = deps.resolve(sd.baseDefinition);
  if (!base) throw new SnapshotError(`${sd.url}: base ${sd.baseDefinition} not found in the context`);
  const builder = new SnapshotBuilder(base, deps);
  for (const diff of sd.differential?.element ?? []) builder.apply(diff);
  return builder.finish();
}
