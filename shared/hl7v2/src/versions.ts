/** The HL7 v2 versions (MSH-12 Version ID), oldest first. */
export const HL7_V2_VERSIONS = [
  '2.1',
  '2.2',
  '2.3',
  '2.3.1',
  '2.4',
  '2.5',
  '2.5.1',
  '2.6',
  '2.7',
  '2.7.1',
  '2.8',
  '2.8.1',
  '2.8.2',
  '2.9',
] as const;

export type Hl7v2Version = (typeof HL7_V2_VERSIONS)[number];

const RANK: ReadonlyMap<string, number> = new Map(HL7_V2_VERSIONS.map((v, i) => [v, i]));

/** Where `version` stands in HL7_V2_VERSIONS (a later version ranks higher); -1 when it names none of them. */
export function versionRank(version: string): number {
  return RANK.get(version) ?? -1;
}

/** True when `version` is exactly one of HL7_V2_VERSIONS. */
export function isHl7v2Version(version: string): version is Hl7v2Version {
  return RANK.has(version);
}
