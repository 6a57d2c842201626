/**
 * A key that two values share exactly when JSONata's deepEquals holds between them: primitives by type and
 * value, arrays in order, objects by their keys in any order. Functions and other non-JSON values compare by
 * identity, as deepEquals does for them.
 */
export function canonicalKey(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    // a primitive is its own key (Set compares with SameValueZero); NaN is never equal to itself in JSONata
    return typeof value === 'number' && Number.isNaN(value) ? {} : value;
  }
  if (isOpaque(value)) return value;
  return 'o:' + serialize(value);
}

function isOpaque(value: object): boolean {
  const v = value as { _jsonata_function?: unknown; _jsonata_lambda?: unknown };
  return v._jsonata_function === true || v._jsonata_lambda === true;
}

const opaqueIds = new WeakMap<object, number>();
let nextOpaque = 0;

function opaqueId(value: object): string {
  let id = opaqueIds.get(value);
  if (id === undefined) opaqueIds.set(value, (id = ++nextOpaque));
  return '#' + id;
}

/** Recursive: its depth is bounded because inputs deeper than MAPX_MAX_INPUT_DEPTH are refused. */
function serialize(value: unknown): string {
  if (value === undefined) return 'u';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isNaN(value) ? opaqueId({}) : 'n' + String(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'object':
      if (isOpaque(value)) return opaqueId(value);
      if (Array.isArray(value)) return '[' + value.map(serialize).join(',') + ']';
      return (
        '{' +
        Object.keys(value)
          .sort()
          .map((k) => JSON.stringify(k) + ':' + serialize((value as Record<string, unknown>)[k]))
          .join(',') +
        '}'
      );
    default:
      return opaqueId(value as object);
  }
}
