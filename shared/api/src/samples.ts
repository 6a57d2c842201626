/**
 * The designer's first mapping and input. `$.( … )` maps each CSV row to its own Patient: a block over the
 * whole array would merge the rows into one resource (F5353 warns when that happens).
 */
export const SAMPLE_MAPPING = `// A FLASH mapping from the sample CSV: one Patient per row. Run it with Ctrl+Enter.
$.(
  InstanceOf: Patient
  * identifier
    * system = 'http://example.org/mrn'
    * value = mrn
  * name
    * given = first
    * family = last
  * gender = sex
  * birthDate = dob
)
`;

export const SAMPLE_INPUT = 'mrn,first,last,sex,dob\nA1,Dana,Levi,female,1990-05-17\n';
