import type { FailedEntry } from './delivery-result.js';
import { isOperationOutcome, outcomeText } from './http-exchange.js';

/**
 * The entries of a batch or transaction reply that did not succeed: a `response.status` that is not 2xx, or
 * (for a reply shorter than the request) no response at all. `undefined` when the reply is not a Bundle.
 */
export function failedEntries(reply: unknown, entryCount: number): FailedEntry[] | undefined {
  if (typeof reply !== 'object' || reply === null) return undefined;
  if ((reply as { resourceType?: unknown }).resourceType !== 'Bundle') return undefined;
  const raw = (reply as { entry?: unknown }).entry;
  const entries: unknown[] = Array.isArray(raw) ? raw : [];
  const failed: FailedEntry[] = [];
  for (let index = 0; index < Math.max(entries.length, entryCount); index++) {
    const response = responseOf(entries[index]);
    const status = statusCode(response?.['status']);
    if (status !== undefined && status >= 200 && status < 300) continue;
    const outcome = response?.['outcome'];
    failed.push({
      index,
      status,
      outcomeText: isOperationOutcome(outcome) ? outcomeText(outcome) : undefined,
    });
  }
  return failed;
}

/** Each entry's `response.location`, where the server named one. */
export function entryLocations(reply: unknown): string[] {
  const raw = typeof reply === 'object' && reply !== null ? (reply as { entry?: unknown }).entry : undefined;
  if (!Array.isArray(raw)) return [];
  return raw
    .map((entry) => responseOf(entry)?.['location'])
    .filter((location): location is string => typeof location === 'string');
}

function responseOf(entry: unknown): Record<string, unknown> | undefined {
  const response =
    typeof entry === 'object' && entry !== null ? (entry as { response?: unknown }).response : undefined;
  return typeof response === 'object' && response !== null
    ? (response as Record<string, unknown>)
    : undefined;
}

/** `"201 Created"` → 201 (FHIR's `response.status` starts with the code). */
function statusCode(status: unknown): number | undefined {
  const match = typeof status === 'string' ? /^\s*(\d{3})\b/.exec(status) : null;
  return match ? Number(match[1]) : undefined;
}
