import { seededUuid } from '../runtime/uuid.js';
import { isObj } from './is-obj.js';
import { buildObject } from './build-object.js';
import { siblingName } from '../compile/sibling-name.js';
import type { BlockMeta } from '../compile/flash-plan.js';
import type { FlashResult } from './values.js';
import type { RunCtx } from './run-context.js';

/** What a FLASH block evaluates to (§4.2): the built object, or undefined when empty. */
export function evaluateBlock(rc: RunCtx, block: BlockMeta, results: FlashResult[]): unknown {
  const obj = buildObject(rc, block.el, undefined, results, true, block);
  const url = block.profileUrl;
  const profiled = !!url && withProfile(obj, url);
  if (!profiled && isEmpty(obj)) return undefined;
  if (!block.isResource) return obj;
  // one copy: resourceType first, then (a new `meta` right after `id`, §5.4) the object's keys
  const out: Record<string, unknown> = { resourceType: block.root.type };
  if (profiled) {
    if (obj['id'] !== undefined) out['id'] = obj['id'];
    if (obj['_id'] !== undefined) out['_id'] = obj['_id'];
    out['meta'] = { profile: [url] };
  }
  for (const k in obj) {
    if (!Object.hasOwn(obj, k) || (profiled && (k === 'id' || k === '_id' || k === 'meta'))) continue;
    out[k] = obj[k];
  }
  if (out['resourceType'] === 'Bundle' && out['type'] === 'transaction') injectFullUrls(out);
  return out;
}

function isEmpty(obj: Record<string, unknown>): boolean {
  for (const k in obj) if (Object.hasOwn(obj, k)) return false;
  return true;
}

/**
 * meta.profile gets the profile canonical (§5.4). Returns true when the object has no `meta` yet, which the
 * caller adds; an existing one is updated in place.
 */
function withProfile(obj: Record<string, unknown>, url: string): boolean {
  const meta = isObj(obj['meta']) ? obj['meta'] : undefined;
  if (!meta) return true;
  const profile = Array.isArray(meta['profile']) ? (meta['profile'] as unknown[]) : [];
  if (!profile.includes(url)) obj['meta'] = reorderMeta({ ...meta, profile: [...profile, url] });
  return false;
}

const META_ORDER = ['id', 'extension', 'versionId', 'lastUpdated', 'source', 'profile', 'security', 'tag'];

function reorderMeta(meta: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of META_ORDER) {
    if (meta[k] !== undefined) out[k] = meta[k];
    const sib = siblingName(k);
    if (meta[sib] !== undefined) out[sib] = meta[sib];
  }
  return out;
}

/** Transaction Bundle entries get `fullUrl = urn:uuid:<seeded uuid of the resource>` (§5.9). */
function injectFullUrls(bundle: Record<string, unknown>): void {
  const entries = bundle['entry'];
  if (!Array.isArray(entries)) return;
  bundle['entry'] = entries.map((entry: unknown) => {
    if (!isObj(entry) || !isObj(entry['resource'])) return entry;
    if (typeof entry['fullUrl'] === 'string' && entry['fullUrl'] !== '') return entry;
    const fullUrl = 'urn:uuid:' + seededUuid(entry['resource']);
    const out: Record<string, unknown> = {};
    if (entry['link'] === undefined) out['fullUrl'] = fullUrl;
    for (const k of Object.keys(entry)) {
      if (k === 'fullUrl') continue;
      out[k] = entry[k];
      if (k === 'link') out['fullUrl'] = fullUrl;
    }
    return out;
  });
}
