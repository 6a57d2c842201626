import { entryLocations, failedEntries } from './bundle-reply.js';
import { FhirClientError } from './fhir-client-error.js';
import {
  DEFAULT_DELIVERY_MAX_RESPONSE_BYTES,
  type DeliveredRequest,
  type DeliverOptions,
  type DeliveryInput,
  type FhirDeliveryFailure,
  type FhirDeliveryResult,
} from './delivery-result.js';
import { planOf, type DeliveryPlan } from './delivery-plan.js';
import { exchange, outcomeText, type Exchange, type ExchangeConfig } from './http-exchange.js';
import { isTransient, isTransientStatus } from './retry-policy.js';
import { checkTypeAndId, request } from './request-target.js';
import type { UrlGuard } from './url-guard.js';

type Failed = Omit<FhirDeliveryFailure, 'index' | 'delivered' | 'notSent'>;

/**
 * Delivers a mapping result (see delivery-plan.ts for the rule set). An array is delivered item by item, in
 * order, and stops at the first failure: later items often refer to earlier ones, and the caller reports the
 * result as failed anyway (the failure names the item, the items delivered before it and how many were not
 * sent). Every item is checked before anything is sent. Never throws for a server's or a result's fault.
 */
export async function deliver(
  guard: UrlGuard,
  config: ExchangeConfig,
  input: DeliveryInput,
  options: DeliverOptions = {},
): Promise<FhirDeliveryResult> {
  let value: unknown;
  if ('json' in input) {
    try {
      value = JSON.parse(input.json) as unknown;
    } catch {
      return failure(undeliverable('the result is not JSON'), 0, [], 0);
    }
  } else value = input.value;
  if (value === undefined || value === null) return { ok: true, sent: [] };
  const items: unknown[] = Array.isArray(value) ? value : [value];
  const plans: DeliveryPlan[] = [];
  for (const [index, item] of items.entries()) {
    const plan = planOf(item);
    if ('undeliverable' in plan) {
      const which = Array.isArray(value) ? `item ${index} of the result` : 'the result';
      const message = `${which} is ${plan.undeliverable}: nothing to deliver`;
      return failure(undeliverable(message), index, [], items.length - index - 1);
    }
    plans.push(plan);
  }
  const maxBodyBytes = options.maxResponseBytes ?? DEFAULT_DELIVERY_MAX_RESPONSE_BYTES;
  const sent: DeliveredRequest[] = [];
  for (const [index, plan] of plans.entries()) {
    // a single result given as text goes out as it came: no second serialisation
    const body = 'json' in input && !Array.isArray(value) ? input.json : JSON.stringify(items[index]);
    const outcome = await sendOne(guard, config, plan, body, maxBodyBytes);
    if ('ok' in outcome) return failure(outcome, index, sent, plans.length - index - 1);
    sent.push(outcome);
  }
  return { ok: true, sent };
}

async function sendOne(
  guard: UrlGuard,
  config: ExchangeConfig,
  plan: DeliveryPlan,
  body: string,
  maxBodyBytes: number,
): Promise<DeliveredRequest | Failed> {
  let ex: Exchange;
  try {
    if (plan.kind === 'resource') {
      checkTypeAndId(guard, plan.resourceType, plan.id);
      ex = request(guard, plan.method, plan.ref, {
        resourceType: plan.resourceType,
        ...(plan.id ? { id: plan.id } : {}),
      });
    } else {
      ex = {
        method: 'POST',
        url: new URL(guard.base),
        info: { method: 'POST', url: guard.base, resourceType: 'Bundle' },
      };
    }
    ex.body = body;
    ex.headers = { 'content-type': 'application/fhir+json' };
    ex.retryOn = plan.retryOn;
    ex.maxBodyBytes = maxBodyBytes;
    // a 2xx says a resource was written, whatever its body; a batch's unreadable reply is caught below
    ex.bodyOptional = true;
    const res = await exchange(config, ex);
    const done: DeliveredRequest = {
      method: plan.method,
      url: ex.info.url,
      resourceType: plan.resourceType,
      status: res.status,
      locations:
        plan.kind === 'resource' || plan.kind === 'bundle'
          ? res.location
            ? [res.location]
            : []
          : entryLocations(res.body),
      attempts: res.attempts,
    };
    if (plan.kind !== 'transaction' && plan.kind !== 'batch') return done;
    return checkReply(plan, res.body, res.bodyOverLimit, done, maxBodyBytes) ?? done;
  } catch (err) {
    if (err instanceof FhirClientError) return fromClientError(err);
    throw err;
  }
}

/**
 * A 2xx answer to a transaction means every entry was applied (a transaction is all or nothing); a batch's
 * entries succeed one by one, so each must have a 2xx response. Either reply naming a failed entry fails it.
 */
function checkReply(
  plan: DeliveryPlan,
  reply: unknown,
  overLimit: boolean,
  done: DeliveredRequest,
  maxBodyBytes: number,
): Failed | undefined {
  const failed = failedEntries(reply, plan.kind === 'batch' ? plan.entryCount : 0);
  if (failed === undefined) {
    if (plan.kind === 'transaction') return undefined;
    const why = overLimit ? `is larger than ${maxBodyBytes} bytes` : 'is not a Bundle';
    return {
      ok: false,
      reason: 'invalid-response',
      message: `POST ${done.url} (batch): the server's answer ${why}, so its entries could not be checked`,
      status: done.status,
      outcomeText: undefined,
      detail: undefined,
      retryable: false,
      attempts: done.attempts,
    };
  }
  if (failed.length === 0) return undefined;
  const named = failed
    .slice(0, 10)
    .map(
      (e) =>
        `entry ${e.index} (${e.status === undefined ? 'no response' : `HTTP ${e.status}`}${e.outcomeText ? ` - ${e.outcomeText}` : ''})`,
    )
    .join(', ');
  const texts = failed.map((e) => e.outcomeText).filter((t): t is string => t !== undefined);
  return {
    ok: false,
    reason: 'entries-failed',
    message: `POST ${done.url} (${plan.kind}): the FHIR server refused ${failed.length} of ${plan.entryCount} ${plan.kind} entries: ${named}${failed.length > 10 ? ', …' : ''}`,
    status: done.status,
    outcomeText: texts.length > 0 ? texts.join('; ') : undefined,
    detail: reply,
    retryable: failed.every((e) => isTransientStatus(e.status)),
    attempts: done.attempts,
    bundleType: plan.kind === 'batch' ? 'batch' : 'transaction',
    failedEntries: failed,
    entryCount: plan.entryCount,
  };
}

function fromClientError(err: FhirClientError): Failed {
  const reason =
    err.kind === 'http' || err.kind === 'refused-url'
      ? 'refused'
      : err.kind === 'timeout' || err.kind === 'network'
        ? 'no-answer'
        : 'invalid-response';
  const outcome = err.operationOutcome as { issue?: unknown[] } | undefined;
  return {
    ok: false,
    reason,
    message: err.message,
    status: err.status,
    outcomeText: outcome ? outcomeText(outcome) : undefined,
    detail: err.operationOutcome,
    retryable: isTransient(err),
    attempts: err.kind === 'refused-url' ? 0 : (err.attempts ?? 1),
  };
}

function undeliverable(message: string): Failed {
  return {
    ok: false,
    reason: 'not-deliverable',
    message,
    status: undefined,
    outcomeText: undefined,
    detail: undefined,
    retryable: false,
    attempts: 0,
  };
}

function failure(
  f: Failed,
  index: number,
  delivered: DeliveredRequest[],
  notSent: number,
): FhirDeliveryFailure {
  return { ...f, index, delivered, notSent };
}
