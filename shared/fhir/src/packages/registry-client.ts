import { createHash } from 'node:crypto';
import { FhirContextError, describeError } from '../errors.js';

export const PUBLIC_REGISTRIES: readonly string[] = [
  'https://packages.fhir.org',
  'https://registry.npmjs.org',
];

export interface RegistryVersion {
  readonly version: string;
  readonly tarball: string;
  readonly integrity?: string;
  readonly shasum?: string;
}

export interface Packument {
  readonly latest?: string;
  readonly versions: ReadonlyMap<string, RegistryVersion>;
}

export interface RegistryEndpoint {
  readonly url: string;
  readonly token?: string | undefined;
  readonly timeoutMs: number;
}

/** Outcome of asking one registry: a packument, "not there", or why it could not answer. */
export type PackumentResult =
  { readonly ok: true; readonly packument: Packument } | { readonly ok: false; readonly reason: string };

/** Fetches the npm-style metadata of a package; never throws, never waits longer than timeoutMs. */
export async function fetchPackument(reg: RegistryEndpoint, id: string): Promise<PackumentResult> {
  const url = `${reg.url.replace(/\/+$/, '')}/${encodeURIComponent(id)}`;
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/vnd.npm.install-v1+json, application/json;q=0.8', ...auth(reg, url) },
      signal: AbortSignal.timeout(reg.timeoutMs),
    });
    if (res.status === 404) return { ok: false, reason: 'not found' };
    if (!res.ok) return { ok: false, reason: `HTTP ${res.status}` };
    return { ok: true, packument: toPackument((await res.json()) as Record<string, unknown>, url) };
  } catch (e) {
    return { ok: false, reason: `unreachable (${networkReason(e)})` };
  }
}

function toPackument(body: Record<string, unknown>, base: string): Packument {
  const versions = new Map<string, RegistryVersion>();
  const raw = (body.versions ?? {}) as Record<string, { dist?: Record<string, unknown>; version?: string }>;
  for (const [v, meta] of Object.entries(raw)) {
    const dist = meta.dist ?? {};
    const tarball = typeof dist.tarball === 'string' ? dist.tarball : `${base}/${encodeURIComponent(v)}`;
    versions.set(v, {
      version: v,
      tarball,
      ...(typeof dist.integrity === 'string' ? { integrity: dist.integrity } : {}),
      ...(typeof dist.shasum === 'string' ? { shasum: dist.shasum } : {}),
    });
  }
  const tags = (body['dist-tags'] ?? {}) as Record<string, unknown>;
  return { versions, ...(typeof tags.latest === 'string' ? { latest: tags.latest } : {}) };
}

/** Downloads a tarball and checks it against the registry's integrity (sha512) or shasum (sha1). */
export async function downloadTarball(
  reg: RegistryEndpoint,
  pkg: string,
  v: RegistryVersion,
): Promise<Buffer> {
  let data: Buffer;
  try {
    const res = await fetch(v.tarball, {
      headers: auth(reg, v.tarball),
      signal: AbortSignal.timeout(reg.timeoutMs * 20),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    data = Buffer.from(await res.arrayBuffer());
  } catch (e) {
    throw new FhirContextError(
      'FHIR_PACKAGE_DOWNLOAD_FAILED',
      `Download of FHIR package ${pkg} from ${v.tarball} failed (${networkReason(e)})`,
      { cause: e },
    );
  }
  verifyIntegrity(pkg, v, data);
  return data;
}

export function verifyIntegrity(pkg: string, v: RegistryVersion, data: Buffer): void {
  const expected = pickIntegrity(v);
  if (!expected) return;
  const actual = createHash(expected.algorithm).update(data).digest(expected.encoding);
  if (actual !== expected.digest) {
    throw new FhirContextError(
      'FHIR_PACKAGE_INTEGRITY_MISMATCH',
      `FHIR package ${pkg} from ${v.tarball} failed its integrity check (${expected.algorithm} mismatch)`,
    );
  }
}

type Expected = { algorithm: string; encoding: 'base64' | 'hex'; digest: string };

function pickIntegrity(v: RegistryVersion): Expected | undefined {
  const sri = v.integrity
    ?.split(/\s+/)
    .map((s) => /^(sha512|sha384|sha256)-(.+)$/.exec(s))
    .find((m) => m !== null);
  if (sri?.[1] && sri[2]) return { algorithm: sri[1], encoding: 'base64', digest: sri[2] };
  if (v.shasum) return { algorithm: 'sha1', encoding: 'hex', digest: v.shasum.toLowerCase() };
  return undefined;
}

/** The token goes only to the registry's own origin, never to a tarball host elsewhere. */
function auth(reg: RegistryEndpoint, url: string): Record<string, string> {
  if (!reg.token) return {};
  try {
    return new URL(url).origin === new URL(reg.url).origin ? { authorization: `Bearer ${reg.token}` } : {};
  } catch {
    return {};
  }
}

function networkReason(e: unknown): string {
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) return 'timed out';
  const cause = e instanceof Error ? (e.cause as { code?: string } | undefined) : undefined;
  return cause?.code ?? describeError(e);
}
