/** Resolves when `predicate` holds; rejects after `timeoutMs` (a bound against hangs, not a timing assertion). */
export async function waitFor(
  predicate: () => boolean,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
