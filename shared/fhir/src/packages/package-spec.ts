import { FhirContextError } from '../errors.js';

/** A requested package: exact version, semver range, or `latest`. */
export interface PackageSpec {
  readonly id: string;
  readonly range: string;
}

const ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Parses `id@version`, `id#version` (FHIR style) or `id` (latest). */
export function parsePackageSpec(text: string): PackageSpec {
  const trimmed = text.trim();
  const at = trimmed.search(/[@#]/);
  const id = at < 0 ? trimmed : trimmed.slice(0, at);
  const range = at < 0 ? 'latest' : trimmed.slice(at + 1).trim();
  if (!ID_RE.test(id) || range === '') {
    throw new FhirContextError(
      'FHIR_PACKAGE_SPEC_INVALID',
      `Invalid FHIR package "${text}": expected id@version or id`,
    );
  }
  return { id: id.toLowerCase(), range };
}

const CORE_BY_VERSION: readonly [RegExp, string][] = [
  [/^1\.0\./, 'hl7.fhir.r2.core'],
  [/^3\.0\./, 'hl7.fhir.r3.core'],
  [/^4\.0\./, 'hl7.fhir.r4.core'],
  [/^4\.3\./, 'hl7.fhir.r4b.core'],
  [/^5\.0\./, 'hl7.fhir.r5.core'],
];

/** The core package of a FHIR version ('4.0.1' → hl7.fhir.r4.core@4.0.1). */
export function corePackageFor(fhirVersion: string): PackageSpec {
  const hit = CORE_BY_VERSION.find(([re]) => re.test(fhirVersion));
  if (!hit || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(fhirVersion)) {
    throw new FhirContextError(
      'FHIR_VERSION_UNSUPPORTED',
      `Unsupported FHIR version "${fhirVersion}": expected 1.0.x, 3.0.x, 4.0.x, 4.3.x or 5.0.x`,
    );
  }
  return { id: hit[1], range: fhirVersion };
}

export const isCorePackage = (id: string): boolean => /^hl7\.fhir\.r[0-9]b?\.core$/.test(id);

export const packageKey = (id: string, version: string): string => `${id}#${version}`;
