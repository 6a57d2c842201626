import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { z } from 'zod';
import { isValidMappingId, MAPPING_ID_PATTERN, PluginError } from '@mapx/plugin-api';
import type { Route, RouteTable } from './route-table.js';

const PACKAGE = '@mapx/listener-mllp';

/** Loaded when MLLP_ROUTES is read: the service imports this plugin at every start, MLLP configured or not. */
let yaml: typeof Yaml | undefined;
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_ROUTES = 1000;

const mappingId = z
  .string()
  .refine(isValidMappingId, { message: `a mapping id must match ${String(MAPPING_ID_PATTERN)}` });
const namespaceId = z.string().trim().min(1).max(180);

const routeSchema = z.strictObject({
  /** `ADT^A01`, or `ADT^*` / `ADT` for every trigger of the type. */
  message: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,3}(\^([A-Z0-9]{2,3}|\*))?$/, 'expected MSH-9 as TYPE^TRIGGER, e.g. ADT^A01 or ADT^*'),
  sendingApplication: namespaceId.optional(),
  sendingFacility: namespaceId.optional(),
  mapping: mappingId,
});

const fileSchema = z.strictObject({
  routes: z.array(routeSchema).max(MAX_ROUTES).default([]),
  default: mappingId.optional(),
});

/**
 * Reads and checks MLLP_ROUTES. Anything wrong (unreadable, not YAML, unknown keys, a bad message type or
 * mapping id, two routes for the same messages, no route at all) throws a PluginError that names the file and
 * the place, so the service does not start.
 */
export function loadRoutes(file: string): RouteTable {
  const parsed = fileSchema.safeParse(readYaml(file));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.map(String).join('.')}: ` : '';
    fail(file, `${where}${issue.message}`);
  }
  const routes = parsed.data.routes.map(toRoute);
  if (routes.length === 0 && parsed.data.default === undefined)
    fail(file, 'no route: give "routes" (a list) or a "default" mapping id');
  rejectDuplicates(file, routes);
  return { routes, ...(parsed.data.default !== undefined ? { defaultMapping: parsed.data.default } : {}) };
}

function readYaml(file: string): unknown {
  let text: string;
  try {
    if (statSync(file).size > MAX_FILE_BYTES) fail(file, `larger than ${MAX_FILE_BYTES} bytes`);
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    if (cause instanceof PluginError) throw cause;
    fail(file, `cannot be read: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  yaml ??= createRequire(import.meta.url)('yaml') as typeof Yaml;
  try {
    return yaml.parse(text, { maxAliasCount: 100, uniqueKeys: true }) ?? {};
  } catch (cause) {
    const why = cause instanceof yaml.YAMLParseError ? cause.message.split('\n')[0] : String(cause);
    fail(file, `not valid YAML: ${why}`);
  }
}

function toRoute(r: z.output<typeof routeSchema>): Route {
  const [messageType = '', trigger = '*'] = r.message.split('^');
  return {
    messageType,
    trigger,
    ...(r.sendingApplication !== undefined ? { sendingApplication: r.sendingApplication } : {}),
    ...(r.sendingFacility !== undefined ? { sendingFacility: r.sendingFacility } : {}),
    mapping: r.mapping,
  };
}

function rejectDuplicates(file: string, routes: readonly Route[]): void {
  const seen = new Map<string, number>();
  routes.forEach((r, i) => {
    const key = [r.messageType, r.trigger, r.sendingApplication ?? '', r.sendingFacility ?? ''].join(
      '\u0000',
    );
    const other = seen.get(key);
    if (other !== undefined)
      fail(file, `routes.${i}: matches the same messages as routes.${other}; keep one`);
    seen.set(key, i);
  });
}

function fail(file: string, message: string): never {
  throw new PluginError('MLLP_ROUTES_INVALID', `MLLP_ROUTES ${file}: ${message}`, PACKAGE);
}
