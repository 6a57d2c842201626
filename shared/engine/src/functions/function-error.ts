import { MESSAGES } from '../errors/catalogue.js';
import { populateMessage, type MapxError } from '../errors/mapx-error.js';
import { FUNCTION_MESSAGES } from './function-messages.js';

const TEMPLATES: Readonly<Record<string, string>> = { ...FUNCTION_MESSAGES, ...MESSAGES };

/** A coded error or diagnostic of a built-in function, message populated from its template. */
export function functionError(code: string, fields: Record<string, unknown> = {}): MapxError {
  const err: Record<string, unknown> = { code, ...fields };
  populateMessage(err, TEMPLATES);
  if (typeof err['message'] !== 'string') err['message'] = code;
  return err as MapxError;
}

/** JSONata's T0410 (argument does not match the signature); jsonata fills the message. */
export function argumentError(fn: string, index: number, value: unknown): MapxError {
  return {
    code: 'T0410',
    token: fn,
    index,
    value,
    message: `Argument ${index} of function "${fn}" does not match function signature`,
  };
}
