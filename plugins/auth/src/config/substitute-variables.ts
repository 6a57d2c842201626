export interface SubstitutionIssue {
  readonly path: string;
  readonly variable: string;
}

export type SubstitutionResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: readonly SubstitutionIssue[] };

// `\${…}` is a literal; `${NAME}` or `${NAME:-default}` a reference.
const REFERENCE = /\\\$\{([^}]*)\}|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** YAML-ish path for messages: `policy.routes[2].path`. */
export function formatConfigPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(root)' : out;
}

function substituteString(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  onMissing: (variable: string) => void,
): string {
  return text.replace(
    REFERENCE,
    (whole, literal: string | undefined, name: string | undefined, fallback: string | undefined) => {
      if (literal !== undefined) return '${' + literal + '}';
      const value = env[name as string];
      if (value !== undefined && value !== '') return value;
      if (fallback !== undefined) return fallback;
      onMissing(name as string);
      return whole;
    },
  );
}

/** Replaces references in every string value (never in keys) of the parsed document. */
export function substituteVariables(
  document: unknown,
  env: Readonly<Record<string, string | undefined>>,
): SubstitutionResult {
  const issues: SubstitutionIssue[] = [];
  const walk = (value: unknown, path: PropertyKey[]): unknown => {
    if (typeof value === 'string') {
      return substituteString(value, env, (variable) =>
        issues.push({ path: formatConfigPath(path), variable }),
      );
    }
    if (Array.isArray(value)) return value.map((item, i) => walk(item, [...path, i]));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, [...path, k])]));
    }
    return value;
  };
  const value = walk(document, []);
  return issues.length === 0 ? { ok: true, value } : { ok: false, issues };
}
