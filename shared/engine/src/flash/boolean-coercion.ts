import { report, stateOf } from '../runtime/policy.js';
import { whereOf, type Checks, type WhereRef } from './primitives.js';

/** `true`/`false` in any case: the only strings that are booleans as written (decision 14). */
export function canonicalBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string' || (value.length !== 4 && value.length !== 5)) return undefined;
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
}

/** JSONata truthiness of a string or number: what the specified conversion gives for anything else. */
export function truthOf(value: string | number): boolean {
  return typeof value === 'string' ? value.length > 0 : value !== 0 && !Number.isNaN(value);
}

/**
 * A FHIR boolean from a string or number (§5.8, decision 14): `"N"`, `"no"`, `"0"`, `1` keep their
 * JSONata truthiness, but never silently — F5350 names the element and the value; with strict booleans
 * (engine/evaluation option) it is the error F5115 instead.
 */
export function convertBoolean(c: Checks, value: string | number | boolean, where: WhereRef): boolean {
  const canonical = canonicalBoolean(value);
  if (canonical !== undefined) return canonical;
  const result = truthOf(value as string | number);
  const code = stateOf(c.env)?.strictBooleans === true ? 'F5115' : 'F5350';
  report(c.env, code, { ...whereOf(where), value, fhirType: 'boolean', result });
  return result;
}
