import { createError, type MapxError } from '../errors/mapx-error.js';

/** A coded error or diagnostic of a built-in function, message populated from the catalogue. */
export function functionError(code: string, fields: Record<string, unknown> = {}): MapxError {
  return createError(code, fields);
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
