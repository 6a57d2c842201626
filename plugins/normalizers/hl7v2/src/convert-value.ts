import type { Delimiters } from './delimiters.js';
import type { ValueModel } from './dictionary.js';
import { decodeEscapes } from './escape.js';
import { convertHl7Date, convertHl7DateTime } from './hl7-date.js';

/**
 * Converts one field's text by its model: repetitions split into an array (a single one stays a value),
 * composites into objects keyed by component names, sub-components split, `""` → null, escapes decoded,
 * DT/DTM → ISO-8601. Empty values give undefined (omitted by the caller).
 */
export function convertField(text: string, model: ValueModel, d: Delimiters): unknown {
  if (text === '') return undefined;
  if (d.repetition === '' || !text.includes(d.repetition)) return convertValue(text, model, d, 0);
  const values: unknown[] = [];
  for (const repetition of text.split(d.repetition)) {
    const value = convertValue(repetition, model, d, 0);
    if (value !== undefined) values.push(value);
  }
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
}

function convertValue(text: string, model: ValueModel, d: Delimiters, level: 0 | 1): unknown {
  if (text === '') return undefined;
  if (text === '""') return null;
  const parts = model.parts;
  if (parts === undefined) return convertPrimitive(text, model.date, d);
  const separator = level === 0 ? d.component : d.subcomponent;
  if (separator === '' || !text.includes(separator)) {
    const first = parts[0];
    if (first === undefined) return undefined;
    const value = level === 0 ? convertValue(text, first, d, 1) : convertPrimitive(text, first.date, d);
    return value === undefined ? undefined : { [first.name]: value };
  }
  const pieces = text.split(separator);
  const out: Record<string, unknown> = {};
  let any = false;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece === '') continue;
    const part = parts[i];
    const value =
      part === undefined
        ? convertPrimitive(piece, 0, d)
        : level === 0
          ? convertValue(piece, part, d, 1)
          : piece === '""'
            ? null
            : convertPrimitive(piece, part.date, d);
    if (value === undefined) continue;
    out[part === undefined ? `${level === 0 ? 'Component' : 'SubComponent'}${i + 1}` : part.name] = value;
    any = true;
  }
  return any ? out : undefined;
}

function convertPrimitive(text: string, date: 0 | 1 | 2, d: Delimiters): string {
  const decoded = decodeEscapes(text, d);
  return date === 0 ? decoded : date === 1 ? convertHl7Date(decoded) : convertHl7DateTime(decoded);
}
