import type { RetryOn } from './http-exchange.js';
import { isResourceId, isResourceType } from './search-params.js';

/** How one resource of a result is sent. */
export interface DeliveryPlan {
  readonly method: 'PUT' | 'POST';
  /** Below the base: `Type/id`, `Type`, or '' for the base itself. */
  readonly ref: string;
  readonly resourceType: string;
  readonly id: string | undefined;
  /** `transaction` / `batch`: the reply's entries are checked; `bundle`: any other Bundle, sent to the base. */
  readonly kind: 'resource' | 'transaction' | 'batch' | 'bundle';
  readonly entryCount: number;
  readonly retryOn: RetryOn;
}

/** What cannot be delivered, and why (nothing is sent). */
export interface Undeliverable {
  readonly undeliverable: string;
}

/**
 * The rule set (docs/architecture.md, "Delivering a result"): a `transaction` or `batch` Bundle is POSTed to the
 * base; any other Bundle is POSTed to the base as well, where the server decides (FHIR defines no other meaning
 * for it there, and mapx does not guess between storing it and unpacking it); any other resource is PUT to
 * `Type/id` when it has an id, else POSTed to `Type`.
 */
export function planOf(item: unknown): DeliveryPlan | Undeliverable {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    const what = item === null ? 'null' : Array.isArray(item) ? 'an array' : `a ${typeof item}`;
    return { undeliverable: `${what}, not a FHIR resource (an object with resourceType)` };
  }
  const type = own(item, 'resourceType');
  if (typeof type !== 'string' || !isResourceType(type))
    return { undeliverable: 'an object without a valid resourceType, not a FHIR resource' };
  if (type === 'Bundle') return bundlePlan(item);
  const id = own(item, 'id');
  if (typeof id === 'string' && id !== '') {
    if (!isResourceId(id)) return { undeliverable: `a ${type} whose id is not a valid resource id` };
    return {
      method: 'PUT',
      ref: `${type}/${id}`,
      resourceType: type,
      id,
      kind: 'resource',
      entryCount: 0,
      retryOn: 'transient',
    };
  }
  return {
    method: 'POST',
    ref: type,
    resourceType: type,
    id: undefined,
    kind: 'resource',
    entryCount: 0,
    retryOn: 'unprocessed',
  };
}

function bundlePlan(bundle: object): DeliveryPlan {
  const type = own(bundle, 'type');
  const entries = own(bundle, 'entry');
  const list: unknown[] = Array.isArray(entries) ? entries : [];
  const kind = type === 'transaction' || type === 'batch' ? type : 'bundle';
  const repeatable = kind !== 'bundle' && list.every(isRepeatableEntry);
  return {
    method: 'POST',
    ref: '',
    resourceType: 'Bundle',
    id: undefined,
    kind,
    entryCount: list.length,
    retryOn: repeatable ? 'transient' : 'unprocessed',
  };
}

/**
 * An entry that changes nothing when it is applied twice: a PUT, a DELETE, a read, or a conditional create
 * (`ifNoneExist`). A Bundle made only of such entries may be sent again after a lost answer.
 */
function isRepeatableEntry(entry: unknown): boolean {
  const request = typeof entry === 'object' && entry !== null ? own(entry, 'request') : undefined;
  if (typeof request !== 'object' || request === null) return false;
  const method = own(request, 'method');
  const verb = typeof method === 'string' ? method.toUpperCase() : '';
  if (verb === 'PUT' || verb === 'DELETE' || verb === 'GET' || verb === 'HEAD') return true;
  const ifNoneExist = own(request, 'ifNoneExist');
  return verb === 'POST' && typeof ifNoneExist === 'string' && ifNoneExist !== '';
}

/** A property of the object itself, never one inherited (a result is hostile input). */
function own(value: object, key: string): unknown {
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}
