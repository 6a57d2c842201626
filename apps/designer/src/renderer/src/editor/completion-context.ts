/** What the author is typing at the cursor, as far as completion cares. */
export type CompletionContext =
  | { readonly kind: 'instanceOf'; readonly prefix: string }
  | {
      readonly kind: 'elementPath';
      /** The block's `InstanceOf:` identifier. */
      readonly type: string;
      /** Dotted flash path of the element whose children are wanted (`''` for the block's root). */
      readonly parentPath: string;
      /** The segment being typed (`comp`, `component[Sys`). */
      readonly prefix: string;
    }
  | { readonly kind: 'function'; readonly prefix: string };

/** Indentation as FLASH counts it: a space is 1, a tab is 2. */
export function indentationOf(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === ' ') width += 1;
    else if (ch === '\t') width += 2;
    else break;
  }
  return width;
}

/** Splits a flash path on dots that are not inside slice brackets (`extension[http://a.b/c].value`). */
export function splitFlashPath(path: string): string[] {
  const segments: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of path) {
    if (ch === '[') depth++;
    if (ch === ']') depth = Math.max(0, depth - 1);
    if (ch === '.' && depth === 0) {
      segments.push(current);
      current = '';
    } else current += ch;
  }
  segments.push(current);
  return segments;
}

/** Removes a leading `(context).` from a rule path; contexts may nest parentheses. */
function stripContext(path: string): string {
  if (!path.startsWith('(')) return path;
  let depth = 0;
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '(') depth++;
    if (path[i] === ')' && --depth === 0) return path.slice(i + 1).replace(/^\./, '');
  }
  return '';
}

const RULE = /^\s*\*\s*(.*)$/;

/** The flash path of a rule line (`* (ctx).a.b[c] = value` gives `a.b[c]`). */
export function rulePath(line: string): string | undefined {
  const body = RULE.exec(line)?.[1];
  if (body === undefined) return undefined;
  const path = stripContext(body.trim());
  return /^[^\s=;]*/.exec(path)?.[0] ?? '';
}

const INSTANCE_OF = /InstanceOf:\s*([^\s)]+)/;

/** Walks up from the cursor line to the enclosing rules and the block header. */
function enclosingBlock(
  lines: string[],
  cursorLine: number,
): { type: string; parents: string[] } | undefined {
  let want = indentationOf(lines[cursorLine] ?? '');
  const parents: string[] = [];
  for (let i = cursorLine - 1; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (line.trim() === '' || line.trimStart().startsWith('//')) continue;
    const header = INSTANCE_OF.exec(line);
    if (header?.[1] !== undefined) return { type: header[1], parents: parents.reverse() };
    const indent = indentationOf(line);
    const path = indent < want ? rulePath(line) : undefined;
    if (path !== undefined) {
      parents.push(path);
      want = indent;
    }
  }
  return undefined;
}

/**
 * Decides what to complete from the text before the cursor. `lines` is the document, `lineIndex` 0-based,
 * `column` the 0-based offset of the cursor within that line.
 */
export function completionContext(
  lines: string[],
  lineIndex: number,
  column: number,
): CompletionContext | undefined {
  const before = (lines[lineIndex] ?? '').slice(0, column);
  const header = /InstanceOf:\s*([^\s)]*)$/.exec(before);
  if (header) return { kind: 'instanceOf', prefix: header[1] ?? '' };
  const fn = /\$[A-Za-z0-9_]*$/.exec(before);
  if (fn && !/^\s*\*\s*$/.test(before.slice(0, fn.index))) return { kind: 'function', prefix: fn[0] };
  const rule = /^\s*\*\s+(\(.*\)\.)?([^\s=;()]*)$/.exec(before);
  if (!rule) return undefined;
  const block = enclosingBlock(lines, lineIndex);
  if (!block) return undefined;
  const typed = splitFlashPath(rule[2] ?? '');
  const prefix = typed.pop() ?? '';
  const parentPath = [...block.parents, ...typed].filter((s) => s !== '').join('.');
  return { kind: 'elementPath', type: block.type, parentPath, prefix };
}
