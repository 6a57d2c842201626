import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const fixtures = join(import.meta.dirname, '../fixtures');
export const ADT_A01 = readFileSync(join(fixtures, 'adt-a01.hl7'), 'utf8');
export const ADT_MAPPING = readFileSync(join(fixtures, 'adt-to-bundle.mapx'), 'utf8');

export const PATIENT = `Instance: $uuid(mrn)
InstanceOf: Patient
* identifier
  * system = 'http://example.org/mrn'
  * value = mrn
* name
  * given = first
  * family = last
* gender = sex
* birthDate = dob`;

export const PATIENT_INPUT = { mrn: 'A1', first: 'Dana', last: 'Levi', dob: '1990-05-17', sex: 'female' };

export const BP = `InstanceOf: bp
* status = 'final'
* subject.reference = 'Patient/123'
* effectiveDateTime = '2023-10-01T00:00:00Z'
* component[SystolicBP].value = sys
* component[DiastolicBP].value = dia`;

export const OBJECT = `{"id": mrn, "name": first & ' ' & last, "born": dob, "tags": ["a", "b"]}`;

/** POST / scenarios: name, expression, input. */
export const adhoc = [
  { name: 'identity ($)', mapx: '$', input: { a: 1 } },
  { name: 'JSONata object', mapx: OBJECT, input: PATIENT_INPUT },
  { name: 'FLASH Patient', mapx: PATIENT, input: PATIENT_INPUT },
  { name: 'FLASH bp Observation', mapx: BP, input: { sys: 120, dia: 80 } },
];
