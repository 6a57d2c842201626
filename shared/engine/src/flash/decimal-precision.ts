const DECIMAL_TEXT = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Whether the decimal `text` names a different number than the double `n` it was converted to: digits beyond
 * double precision (`0.1000000000000000000001`, 20-digit integers). Trailing zeros (`1.50` → 1.5) name the
 * same number and are not a loss. Up to 15 significant digits always survive, so short text is not examined.
 */
export function losesDigits(text: string, n: number): boolean {
  if (text.length <= 15 || !Number.isFinite(n)) return false;
  const a = significand(text);
  const b = significand(String(n));
  return a === undefined || b === undefined ? false : a.digits !== b.digits || a.exp !== b.exp;
}

/** Significant digits (no leading/trailing zeros) and the power of ten of the first one. */
function significand(text: string): { digits: string; exp: number } | undefined {
  const m = DECIMAL_TEXT.exec(text);
  if (!m) return undefined;
  const int = m[1] ?? '';
  const frac = m[2] ?? '';
  const all = int + frac;
  const lead = all.search(/[1-9]/);
  if (lead < 0) return { digits: '0', exp: 0 };
  const digits = all.slice(lead).replace(/0+$/, '');
  return { digits, exp: int.length - lead - 1 + Number(m[3] ?? 0) };
}
