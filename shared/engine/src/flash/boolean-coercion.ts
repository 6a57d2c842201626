import { report, stateOf } from '../runtime/policy.js';
import { whereOf, type Checks, type WhereRef } from '../runtime/where.js';
import { canonicalBoolean, truthOf } from '../compile/boolean-text.js';

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
