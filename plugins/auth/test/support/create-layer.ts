import type { AuthLayer, AuthReply, AuthRequest, PluginLogger } from '@mapx/plugin-api';
import authPlugin from '../../src/index.js';

export interface LogLine {
  readonly level: string;
  readonly obj: unknown;
  readonly msg: string | undefined;
}

export function memoryLogger(lines: LogLine[] = []): PluginLogger & { lines: LogLine[] } {
  const at = (level: string) => (obj: object | string, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** Instantiates the real plugin from an inline (base64) auth.yaml, the way the host does. */
export async function createLayer(
  yaml: string,
  env: Record<string, string> = {},
  extra: { jwksCooldownMs?: number; logger?: PluginLogger } = {},
): Promise<AuthLayer> {
  const options = authPlugin.optionsSchema['~standard'].validate({
    configPath: Buffer.from(yaml).toString('base64'),
    jwksCooldownMs: extra.jwksCooldownMs ?? 30_000,
    httpTimeoutMs: 3_000,
  });
  if (options instanceof Promise || options.issues) throw new Error('bad test options');
  const ctx = { logger: extra.logger ?? memoryLogger(), env, fhir: () => undefined };
  const layer = await authPlugin.create(options.value, ctx);
  if (layer === null) throw new Error('expected an auth layer');
  return layer;
}

export function request(
  method: string,
  path: string,
  headers: AuthRequest['headers'] = {},
  body?: unknown,
): AuthRequest {
  return { method, path, headers, query: {}, body };
}

export async function decide(
  layer: AuthLayer,
  req: AuthRequest,
): Promise<{ status: number; reply?: AuthReply; roles?: readonly string[] }> {
  const d = await layer.authorize(req);
  if (d.allow) return { status: 200, ...(d.principal ? { roles: d.principal.roles } : {}) };
  return { status: d.reply.status, reply: d.reply };
}

export function route(layer: AuthLayer, method: string, path: string) {
  const found = layer.routes.find((r) => r.method === method && r.path === path);
  if (found === undefined) throw new Error(`no route ${method} ${path}`);
  return found;
}
