import type { ElementInfo } from '@mapx/fhir';

/** A rule's result, handed to its parent with its grouping key. */
export class FlashResult {
  constructor(
    readonly key: string,
    readonly el: ElementInfo,
    readonly values: unknown[],
  ) {}
}

/** A FHIR primitive value with its `_` sibling properties (id, extension). */
export class PrimitiveEntry {
  constructor(
    public value: unknown,
    public props: Record<string, unknown> | undefined,
  ) {}
}
