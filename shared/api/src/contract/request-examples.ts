import { HL7_V2_MEDIA_TYPE } from '../media-types.js';
import { SAMPLE_INPUT, SAMPLE_MAPPING } from '../samples.js';

/** One named request example of the OpenAPI document (shown by the interactive API docs, used by "try it out"). */
export interface RequestExample {
  readonly summary: string;
  readonly value: unknown;
}

/** Media type → example name → example. */
export type RequestExamples = Readonly<Record<string, Readonly<Record<string, RequestExample>>>>;

const HL7_V2 =
  'MSH|^~\\&|ADT1|HOSP|MAPX|HOSP|20240101120000||ADT^A01^ADT_A01|MSG0001|P|2.5\r' +
  'PID|1||A1^^^HOSP^MR||Levi^Dana||19900517|F\r';
const XML = '<patient><mrn>A1</mrn><name><given>Dana</given><family>Levi</family></name></patient>';

/** `POST /`: the same three inputs wrapped in the JSON envelope, each with a mapping that reads it. */
export const evaluateExamples: RequestExamples = {
  'application/json': {
    hl7v2: {
      summary: `HL7 v2 message (contentType ${HL7_V2_MEDIA_TYPE})`,
      value: {
        mapx: "{ 'event': MSH.MessageType.TriggerEvent, 'mrn': PID.PatientIdentifierList.IDNumber }",
        input: HL7_V2,
        contentType: HL7_V2_MEDIA_TYPE,
      },
    },
    csv: {
      summary: 'CSV rows to FHIR Patients (contentType text/csv)',
      value: { mapx: SAMPLE_MAPPING, input: SAMPLE_INPUT, contentType: 'text/csv' },
    },
    xml: {
      summary: 'XML document (contentType application/xml)',
      value: { mapx: "{ 'mrn': mrn, 'family': name.family }", input: XML, contentType: 'application/xml' },
    },
    json: {
      summary: 'JSON input',
      value: { mapx: 'a + b', input: { a: 1, b: 2 } },
    },
  },
};

/** `POST /Mapping/{mappingId}`: the raw input in the body, its media type as Content-Type. */
export const mappingInputExamples: RequestExamples = {
  [HL7_V2_MEDIA_TYPE]: { hl7v2: { summary: 'HL7 v2 ADT^A01', value: HL7_V2 } },
  'text/csv': { csv: { summary: 'CSV with a header row', value: SAMPLE_INPUT } },
  'application/xml': { xml: { summary: 'XML document', value: XML } },
  'application/json': { json: { summary: 'JSON document', value: '{"a": 1, "b": 2}' } },
};
