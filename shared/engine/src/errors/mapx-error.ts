import { MESSAGES } from './catalogue.js';
import { isLineBreak } from './line-break.js';

/** A coded error or diagnostic: a plain object, like JSONata's own errors (§7.1). */
export interface MapxError {
  code: string;
  message: string;
  position?: number;
  start?: number;
  line?: number;
  token?: string;
  value?: unknown;
  [field: string]: unknown;
}

/** Fills `message` from the catalogue template (§7.1): `{{x}}` = JSON of x, `{{{x}}}` = raw text. */
export function populateMessage(err: Record<string, unknown>, templates = MESSAGES): void {
  const template = typeof err['code'] === 'string' ? templates[err['code']] : undefined;
  if (template === undefined) return;
  err['message'] = template
    .replace(/\{\{\{([^}]+)}}}/g, (_m, f: string) => String(err[f]))
    .replace(/\{\{([^}]+)}}/g, (_m, f: string) => {
      const v = err[f];
      return v === undefined ? 'undefined' : JSON.stringify(v);
    });
}

/** Builds a coded error with its message populated. */
export function createError(code: string, fields: Record<string, unknown> = {}): MapxError {
  const err: Record<string, unknown> = { code, ...fields };
  populateMessage(err);
  if (typeof err['message'] !== 'string') err['message'] = code;
  return err as MapxError;
}

export function isCodedError(e: unknown): e is MapxError {
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string';
}

/** 1-based line of a 0-based offset. */
export function lineOf(source: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, source.length);
  for (let i = 0; i < end; i++) if (isLineBreak(source, i)) line++;
  return line;
}
