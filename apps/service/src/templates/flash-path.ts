/** Words the JSONata parser treats as operators or literals; as element names they need backticks. */
const RESERVED = new Set(['and', 'or', 'in', 'function', 'true', 'false', 'null']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** FLASH slice token (mapping-language §3.2): a name, then `-name` or `-number` parts. */
const SLICE_TOKEN = /^[A-Za-z_][A-Za-z0-9_]*(?:-(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+))*$/;

/** A plain element name as a FLASH path segment. */
export function flashName(name: string): string {
  return NAME.test(name) && !RESERVED.has(name) ? name : `\`${name}\``;
}

export function isChoiceName(name: string): boolean {
  return name.endsWith('[x]');
}

/** `value[x]` + `Quantity` → `valueQuantity` (the JSON name FLASH accepts for a narrowed choice). */
export function choiceJsonName(name: string, typeCode: string): string {
  return `${name.slice(0, -3)}${typeCode.charAt(0).toUpperCase()}${typeCode.slice(1)}`;
}

/** Whether a slice name can be written as `name[slice]`; re-slices (`a/b`) never resolve in FLASH. */
export function isWritableSliceName(sliceName: string): boolean {
  return SLICE_TOKEN.test(sliceName);
}
