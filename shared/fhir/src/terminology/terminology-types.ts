/** A code, or a Coding-like object (system optional). */
export type CodeInput =
  | string
  | { readonly system?: string | undefined; readonly code: string; readonly version?: string | undefined };

export interface Concept {
  readonly system: string;
  readonly code: string;
  readonly display?: string;
  readonly version?: string;
}

export type UnknownReason = 'unknown-valueset' | 'unexpandable-valueset' | 'duplicate-code';

export type ExpansionResult =
  | { readonly ok: true; readonly valueSet: Record<string, unknown>; readonly concepts: readonly Concept[] }
  | {
      readonly ok: false;
      readonly reason: 'unknown-valueset' | 'unexpandable-valueset';
      readonly message: string;
    };

export type MembershipResult =
  | { readonly status: 'member'; readonly concept: Concept }
  | { readonly status: 'not-member' }
  | { readonly status: 'unknown'; readonly reason: UnknownReason };

export type TranslateResult =
  | { readonly status: 'mapped'; readonly targets: readonly Concept[] }
  | { readonly status: 'unmapped'; readonly reason?: 'duplicate-code' }
  | { readonly status: 'unknown-conceptmap' };

/**
 * Local terminology over the context's packages (no terminology server). Everything is synchronous: it reads
 * package files on first use and caches the results, so the engine can call it on hot paths.
 */
export interface TerminologyRuntime {
  /** Full local expansion; `fromPackage` (`id#version`) is searched first when resolving the ValueSet. */
  expand(valueSet: string, fromPackage?: string): ExpansionResult;
  /** Number of concepts of the expansion; undefined when the ValueSet is unknown or cannot be expanded locally. */
  expansionSize(valueSet: string, fromPackage?: string): number | undefined;
  /** Membership of a code (any system) or system+code. */
  lookup(valueSet: string, code: CodeInput, fromPackage?: string): MembershipResult;
  /** ConceptMap translation (§6.4): groups flattened; equivalent/equal/wider/subsumes or no equivalence. */
  translate(code: CodeInput, conceptMap: string, fromPackage?: string): TranslateResult;
  /** Registers ConceptMaps from mapping stores / a FHIR server; they win over package ConceptMaps. */
  addConceptMaps(conceptMaps: readonly Record<string, unknown>[]): void;
  /** Forgets every ConceptMap added with addConceptMaps (and cached translations); POST /$recache calls it. */
  flushExternal(): void;
}
