export {
  startFhirTestServer,
  type FhirTestServer,
  type FhirTestServerOptions,
  type RecordedRequest,
} from './start-fhir-test-server.js';
