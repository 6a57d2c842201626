import type { FastifyInstance } from 'fastify';
import { parseJsonText } from '@mapx/plugin-api';

/** The JSON media types accepted for the envelope of POST /. */
export const JSON_TYPES = ['application/json', 'application/fhir+json', 'application/json+fhir', 'text/json'];

/** A malformed JSON body: 400 with line, column and position, the same on every Node version. */
export class InvalidJsonBody extends Error {
  readonly statusCode = 400;
  readonly code = 'INVALID_JSON';
  constructor(
    /** What is wrong and where, e.g. `unexpected "}" at line 1, column 9`. */
    readonly detail: string,
    readonly location: { line?: number; column?: number; position?: number },
  ) {
    super(`Invalid JSON: ${detail}`);
  }
}

export function installJsonParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, (_req, body, done) => {
    const result = parseJsonText(body as string);
    if (result.ok) return done(null, result.value);
    const issue = result.issues[0];
    const location = {
      ...(issue?.line ? { line: issue.line } : {}),
      ...(issue?.column ? { column: issue.column } : {}),
      ...(issue?.position !== undefined ? { position: issue.position } : {}),
    };
    // the parser's message names the syntax error first: the catalogue's message puts it after its own words
    const detail = issue?.message.replace(/^Invalid JSON: /, '') ?? 'the body could not be parsed';
    done(new InvalidJsonBody(detail, location), undefined);
  });
}
