/** One step of an element id: `name` or `name:sliceName`. */
export interface IdSegment {
  readonly name: string;
  readonly slice?: string;
}

/** Splits an ElementDefinition id into segments (eld-16: slice names hold no dots). */
export function parseElementId(id: string): IdSegment[] {
  return id.split('.').map((part) => {
    const colon = part.indexOf(':');
    return colon < 0 ? { name: part } : { name: part.slice(0, colon), slice: part.slice(colon + 1) };
  });
}

export const segmentText = (s: IdSegment): string =>
  s.slice === undefined ? s.name : `${s.name}:${s.slice}`;

/** True for ids strictly below `parent` (children, their slices and descendants). */
export const isBelow = (id: string, parent: string): boolean => id.startsWith(`${parent}.`);

/** True for ids in the slice group of `head`: its descendants, its slices and theirs. */
export const isInGroup = (id: string, head: string): boolean =>
  id.startsWith(`${head}.`) || id.startsWith(`${head}:`);

const TYPE_NAME = (code: string): string => code.charAt(0).toUpperCase() + code.slice(1);

/** `valueQuantity` against choice `value[x]` with types → `Quantity`, or undefined. */
export function choiceTypeOf(name: string, choice: string, typeCodes: readonly string[]): string | undefined {
  const stem = choice.slice(0, -3);
  if (!choice.endsWith('[x]') || !name.startsWith(stem)) return undefined;
  const suffix = name.slice(stem.length);
  return typeCodes.find((t) => TYPE_NAME(t) === suffix);
}
