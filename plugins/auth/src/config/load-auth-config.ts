import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { authConfigSchema, type AuthConfig } from './auth-config-schema.js';
import { crossFieldIssues, type ConfigIssue } from './cross-field-issues.js';
import { locateAuthConfig } from './locate-auth-config.js';
import { formatConfigPath, substituteVariables } from './substitute-variables.js';

export type LoadAuthConfigResult =
  | { readonly ok: true; readonly config: null }
  | { readonly ok: true; readonly config: AuthConfig; readonly origin: string }
  | {
      readonly ok: false;
      readonly code:
        'AUTH_CONFIG_LOCATION' | 'AUTH_CONFIG_UNREADABLE' | 'AUTH_CONFIG_VARIABLE' | 'AUTH_CONFIG_INVALID';
      /** One line per problem; never contains a configured value (secrets stay out of logs). */
      readonly message: string;
    };

/** Loaded on first use: most deployments have no auth.yaml, and the parser is ~70 modules of start-up time. */
let yaml: typeof Yaml | undefined;

function parseYaml(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  yaml ??= createRequire(import.meta.url)('yaml') as typeof Yaml;
  const { LineCounter, parseDocument } = yaml;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, lineCounter });
  const first = doc.errors[0];
  if (first !== undefined) {
    const at = lineCounter.linePos(first.pos[0]);
    const where = ` at line ${at.line}, column ${at.col}`;
    return { ok: false, message: `auth.yaml is not valid YAML: ${first.code}${where}` };
  }
  return { ok: true, value: doc.toJS() as unknown };
}

/** Validates the substituted document; every schema and cross-field violation at once, each with its path. */
export function validateAuthConfig(
  raw: unknown,
): { ok: true; config: AuthConfig } | { ok: false; issues: ConfigIssue[] } {
  const parsed = authConfigSchema.safeParse(raw);
  const issues: ConfigIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: formatConfigPath(issue.path), message: issue.message }));
  issues.push(...crossFieldIssues(raw));
  if (issues.length > 0 || !parsed.success) return { ok: false, issues };
  return { ok: true, config: parsed.data };
}

/** Boot I/O: locate, parse, substitute `${VAR}`, validate. Runs once at start-up. */
export function loadAuthConfig(
  configPath: string | undefined,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): LoadAuthConfigResult {
  const located = locateAuthConfig(configPath, cwd);
  if (!located.ok) return located;
  const source = located.source;
  if (source.kind === 'none') return { ok: true, config: null };
  const origin = source.kind === 'file' ? source.path : 'inline base64 (AUTH_CONFIG_PATH)';
  const yaml = parseYaml(source.text);
  if (!yaml.ok) return { ok: false, code: 'AUTH_CONFIG_UNREADABLE', message: `${yaml.message} (${origin})` };
  const substituted = substituteVariables(yaml.value, env);
  if (!substituted.ok) {
    const lines = substituted.issues.map((i) => `  ${i.path}: \${${i.variable}} has no value and no default`);
    return {
      ok: false,
      code: 'AUTH_CONFIG_VARIABLE',
      message: `auth.yaml (${origin}):\n${lines.join('\n')}`,
    };
  }
  const validated = validateAuthConfig(substituted.value);
  if (!validated.ok) {
    const lines = validated.issues.map((i) => `  ${i.path}: ${i.message}`);
    return {
      ok: false,
      code: 'AUTH_CONFIG_INVALID',
      message: `auth.yaml (${origin}) is invalid:\n${lines.join('\n')}`,
    };
  }
  return { ok: true, config: validated.config, origin };
}
