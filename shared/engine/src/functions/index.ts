import { diagnosticFunctions } from './diagnostic-functions.js';
import { fhirConnectionFunctions } from './fhir-connection.js';
import { fhirServerFunctions } from './fhir-server-functions.js';
import type { MapxFunction } from './function-types.js';
import { higherOrderFunctions } from './higher-order-functions.js';
import { stringFunctions } from './string-functions.js';
import { terminologyFunctions } from './terminology-functions.js';
import { timeFunctions } from './time-functions.js';
import { valueFunctions } from './value-functions.js';

export type { FunctionCallContext, MapxFunction, MappingResolver } from './function-types.js';
export type { FhirConnectionResolver } from './fhir-connection.js';
export { builtinAliases } from './builtin-aliases.js';
export { createMappingFunction } from './mapping-functions.js';
export { createServerConceptMapSource, type ServerConceptMapSource } from './server-concept-maps.js';
export { translateWithConceptMap } from './concept-map-translate.js';
export { PICTURE_ALIASES } from './time-functions.js';

/** Every built-in function of §6.2–6.5 and 6.7 (`$contains` overrides JSONata's, §0 item 26). */
export const builtinFunctions: readonly MapxFunction[] = Object.freeze([
  ...stringFunctions,
  ...valueFunctions,
  ...timeFunctions,
  ...higherOrderFunctions,
  ...diagnosticFunctions,
  ...terminologyFunctions,
  ...fhirServerFunctions,
  ...fhirConnectionFunctions,
]);
