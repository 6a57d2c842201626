/** How an accepted output is stored: indented JSON in the mapping's own key order, ending with a newline. */
export function expectationText(actual: unknown): string {
  return `${JSON.stringify(actual === undefined ? null : actual, null, 2)}\n`;
}
