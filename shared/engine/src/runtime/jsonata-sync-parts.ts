/**
 * The parts of JSONata 2.2.2's text that its synchronous form replaces with the engine's own, once
 * runtime/jsonata-sync.ts took out `async` and `await` (an awaited value is `__sync(value)`). Each part is found
 * between a start and an end that occur as expected, and must hold each text it changes as often as expected;
 * otherwise no part is changed and there is no synchronous form at all. The names a replacement calls are the
 * synchronous form's parameters: `__checked` (signature-check.ts), `__Frame` (sync-frame.ts). The parts themselves:
 * jsonata-sync-call-parts.ts, jsonata-sync-value-parts.ts.
 */
export interface Part {
  /** Where the part starts (once in the whole text) and where it ends (the first time after the start). */
  start: string;
  end: string;
  /** What the part becomes: each text it holds exactly `times`, replaced; or the whole part between start and end. */
  edits?: readonly (readonly [from: string, to: string, times: number])[];
  whole?: { holds: readonly string[]; becomes: string };
}

/** Parts far longer than these are not the functions expected. */
const MAX_PART = 3000;

/** `source` with every part replaced, or undefined when one of them is not as expected. */
export function replaceParts(source: string, parts: readonly Part[]): string | undefined {
  let text = source;
  for (const part of parts) {
    const start = text.indexOf(part.start);
    if (start < 0 || text.indexOf(part.start, start + 1) >= 0) return undefined;
    const end = text.indexOf(part.end, start + part.start.length);
    if (end < 0 || end - start > MAX_PART) return undefined;
    const body = text.slice(start + part.start.length, end);
    let replaced: string;
    if (part.whole) {
      if (!part.whole.holds.every((held) => body.includes(held))) return undefined;
      replaced = part.start + part.whole.becomes;
    } else {
      let changed = body;
      for (const [from, to, times] of part.edits ?? []) {
        if (changed.split(from).length - 1 !== times) return undefined;
        changed = changed.split(from).join(to);
      }
      replaced = part.start + changed + part.end;
    }
    text = text.slice(0, start) + replaced + text.slice(end + part.end.length);
  }
  return text;
}
