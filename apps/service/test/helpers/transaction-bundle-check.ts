import { fhirErrors, describeIssue } from '../../../../test-support/fhir-validator.js';

type Obj = Record<string, unknown>;

export interface BundleCheck {
  readonly bundles: number;
  readonly resources: number;
  /** Each problem as one line: `<where>: <what>`. */
  readonly problems: string[];
  /** resourceType → how many entries. */
  readonly resourceTypes: Map<string, number>;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

/**
 * Checks the output of a v2 → FHIR conversion: one transaction Bundle per message (an array for a batch), every
 * resource valid FHIR R4 under the independent validator, every entry idempotent (PUT by id, conditional PUT,
 * POST with ifNoneExist, or DELETE) and every urn:uuid reference resolved inside its Bundle.
 */
export function checkTransactionBundles(output: unknown, where: string): BundleCheck {
  const problems: string[] = [];
  const resourceTypes = new Map<string, number>();
  const bundles = output === undefined ? [] : Array.isArray(output) ? output : [output];
  let resources = 0;
  if (bundles.length === 0) problems.push(`${where}: no Bundle at all`);
  bundles.forEach((bundle, b) => {
    const at = bundles.length > 1 ? `${where} [message ${b + 1}]` : where;
    if (!isObj(bundle) || bundle.resourceType !== 'Bundle') {
      problems.push(`${at}: not a Bundle`);
      return;
    }
    if (bundle.type !== 'transaction') problems.push(`${at}: Bundle.type is ${String(bundle.type)}`);
    for (const issue of fhirErrors(bundle)) problems.push(`${at}: ${describeIssue(issue)}`);
    const entries = Array.isArray(bundle.entry) ? (bundle.entry as unknown[]) : [];
    if (entries.length === 0) problems.push(`${at}: empty Bundle`);
    const fullUrls = new Set<string>();
    for (const entry of entries)
      if (isObj(entry) && typeof entry.fullUrl === 'string') fullUrls.add(entry.fullUrl);
    if (fullUrls.size !== entries.filter((e) => isObj(e) && e.fullUrl !== undefined).length)
      problems.push(`${at}: duplicate fullUrl`);
    entries.forEach((entry, i) => {
      if (!isObj(entry) || !isObj(entry.resource)) return;
      resources++;
      const type = String(entry.resource.resourceType);
      resourceTypes.set(type, (resourceTypes.get(type) ?? 0) + 1);
      const problem = idempotencyProblem(entry, type);
      if (problem) problems.push(`${at}: entry[${i}] ${type}: ${problem}`);
      for (const ref of urnReferences(entry.resource))
        if (!fullUrls.has(ref))
          problems.push(`${at}: entry[${i}] ${type}: reference ${ref} is not in the Bundle`);
    });
  });
  return { bundles: bundles.length, resources, problems, resourceTypes };
}

function idempotencyProblem(entry: Obj, type: string): string | undefined {
  const request = entry.request;
  if (!isObj(request)) return 'no request';
  const url = typeof request.url === 'string' ? request.url : '';
  if (request.method === 'PUT') {
    if (url.startsWith(`${type}?`)) return undefined;
    const [urlType, id, ...rest] = url.split('/');
    if (urlType !== type || id === undefined || rest.length > 0 || !FHIR_ID.test(id))
      return `PUT ${url} is neither Type/id nor a conditional update`;
    const resource = entry.resource as Obj;
    if (resource.id !== id) return `PUT ${url} but resource.id is ${String(resource.id)}`;
    return undefined;
  }
  if (request.method === 'DELETE') {
    if (url.startsWith(`${type}?`) || /^[A-Za-z]+\/[A-Za-z0-9\-.]{1,64}$/.test(url)) return undefined;
    return `DELETE ${url} is neither Type/id nor a conditional delete`;
  }
  if (request.method === 'POST') {
    if (typeof request.ifNoneExist === 'string' && request.ifNoneExist !== '') return undefined;
    return 'POST without ifNoneExist is not idempotent';
  }
  return `request.method ${String(request.method)}`;
}

function urnReferences(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) urnReferences(v, found);
  else if (isObj(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'reference' && typeof v === 'string' && v.startsWith('urn:uuid:')) found.push(v);
      else urnReferences(v, found);
    }
  }
  return found;
}
