import type { MappingView } from '../mappings/mapping-cache.js';
import { notServedReason } from '../mappings/not-served.js';
import type { EvaluationFailure } from '../eval/outcome.js';
import { serviceFailure } from '../eval/failures.js';

/** The source of a saved mapping that can run, or why it cannot (`POST /Mapping/{id}`, listeners). */
export function savedMappingSource(view: MappingView, mappingId: string): string | EvaluationFailure {
  const source = view.mappings.get(mappingId);
  if (source === undefined) {
    const { code, params } = notServedReason(view, mappingId);
    // the verbose report has always said just "Mapping not found" for an unknown id
    const message =
      code === 'MAPPING_NOT_FOUND'
        ? 'Mapping not found'
        : serviceFailure('request', code, { params }).message;
    return serviceFailure('request', code, { params }, { code, message, severity: 1, level: 'error' });
  }
  if (source.trim() === '') return serviceFailure('request', 'EMPTY_MAPPING');
  return source;
}
