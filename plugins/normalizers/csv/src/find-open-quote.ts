/**
 * Line (1-based) where the quote that never closes was opened. csv-parse reports the line where parsing
 * ended instead, which is useless on a large file.
 */
export function findUnclosedQuoteLine(text: string, delimiter: string): number | undefined {
  let line = 1;
  let openedAt: number | undefined;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (openedAt !== undefined) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++;
        else {
          openedAt = undefined;
          fieldStart = false;
        }
      } else if (ch === '\n') line++;
      continue;
    }
    if (ch === '"' && fieldStart) openedAt = line;
    else if (ch === '\n') {
      line++;
      fieldStart = true;
    } else if (ch === delimiter || ch === '\r') fieldStart = true;
    else if (ch !== ' ' && ch !== '\t') fieldStart = false;
  }
  return openedAt;
}
