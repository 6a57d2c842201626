/**
 * Checks that a value returned by `normalize` honours the contract: a NormalizeResult whose success value is
 * plain JSON, or whose issues each carry a stable code, a message and an HTTP status. Returns the problems.
 */
export function checkNormalizeResult(result: unknown): string[] {
  if (typeof result !== 'object' || result === null) return ['result is not an object'];
  const r = result as { ok?: unknown; value?: unknown; issues?: unknown };
  if (r.ok === true) return isJsonValue(r.value, 0) ? [] : ['value is not plain JSON'];
  if (r.ok !== false) return ['result.ok is not a boolean'];
  if (!Array.isArray(r.issues) || r.issues.length === 0) return ['a failed result carries no issues'];
  return (r.issues as unknown[]).flatMap(checkIssue);
}

const CODE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const STATUSES = new Set([400, 415, 422]);

function checkIssue(issue: unknown): string[] {
  if (typeof issue !== 'object' || issue === null) return ['issue is not an object'];
  const i = issue as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof i.code !== 'string' || !CODE.test(i.code))
    problems.push(`issue code ${String(i.code)} is not SCREAMING_SNAKE`);
  if (typeof i.message !== 'string' || i.message === '') problems.push('issue has no message');
  if (!STATUSES.has(i.status as number))
    problems.push(`issue status ${String(i.status)} is not 400, 415 or 422`);
  for (const key of ['line', 'column'] as const) {
    if (i[key] !== undefined && !(Number.isInteger(i[key]) && (i[key] as number) >= 1))
      problems.push(`issue ${key} is not a positive integer`);
  }
  if (i.position !== undefined && !(Number.isInteger(i.position) && (i.position as number) >= 0))
    problems.push('issue position is not a non-negative integer');
  return problems;
}

/** `undefined` is allowed at the top (no input); nested values must survive JSON serialisation unchanged. */
function isJsonValue(value: unknown, depth: number): boolean {
  if (value === undefined) return depth === 0;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth > 2_000) return true;
  if (Array.isArray(value)) return value.every((v) => v !== undefined && isJsonValue(v, depth + 1));
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((v) => v !== undefined && isJsonValue(v, depth + 1));
}
