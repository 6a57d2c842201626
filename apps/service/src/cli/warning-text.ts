/** `199 mapx "CODE: message"` (the HTTP Warning header form) → `CODE: message` for a terminal or a log. */
export function warningText(header: string): string {
  const quoted = /^199 mapx (".*")$/.exec(header)?.[1];
  if (quoted === undefined) return header;
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return header;
  }
}
