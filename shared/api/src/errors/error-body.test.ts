import { describe, expect, it } from 'vitest';
import { errorReply } from './error-body.js';
import {
  SERVICE_ERRORS,
  serviceErrorMessage,
  type ServiceErrorCode,
  type ServiceErrorEntry,
} from './service-errors.js';
import { serviceErrorSchema, enterpriseMessageSchema } from '../messages.js';
import { mapxErrorPayloadSchema } from '../diagnostics.js';

const codes = Object.keys(SERVICE_ERRORS) as ServiceErrorCode[];

describe('the service error catalogue', () => {
  it('gives every code an HTTP error status and a body of its wire shape', () => {
    for (const code of codes) {
      const { status, body } = errorReply(code);
      expect(status, code).toBeGreaterThanOrEqual(400);
      const schema = {
        service: serviceErrorSchema,
        enterprise: enterpriseMessageSchema.strict(),
        'mapx-error': mapxErrorPayloadSchema,
      }[SERVICE_ERRORS[code].shape];
      expect(schema.safeParse(body).success, code).toBe(true);
      if (SERVICE_ERRORS[code].shape !== 'enterprise') expect(body.code, code).toBe(code);
    }
  });

  it('gives every code of its own a message with words of its own, not just a detail passed through', () => {
    for (const code of codes) {
      const entry: ServiceErrorEntry = SERVICE_ERRORS[code];
      if (entry.foreign) continue;
      expect(entry.message.replace(/\{\w+\}/g, '').trim(), code).not.toBe('');
    }
  });

  it('fills placeholders from own parameters only, once, and leaves unknown ones as written', () => {
    expect(serviceErrorMessage('MAPPING_NOT_FOUND', { mappingId: '{x}' })).toBe(
      "Mapping '{x}' could not be found",
    );
    const inherited = Object.create({ mappingId: 'from the prototype' }) as Record<string, string>;
    expect(serviceErrorMessage('MAPPING_NOT_FOUND', inherited)).toBe(
      "Mapping '{mappingId}' could not be found",
    );
    expect(serviceErrorMessage('TEMPLATE_ID_MISSING')).toContain('GET /Template/{templateId}.');
  });

  it('keeps a foreign code and status, adds details after message and code, and a note in parentheses', () => {
    const framework = errorReply('BAD_REQUEST', {
      params: { detail: 'Body cannot be empty' },
      status: 400,
      wireCode: 'FST_ERR_CTP_EMPTY_JSON_BODY',
    });
    expect(framework).toEqual({
      status: 400,
      body: { message: 'Body cannot be empty', code: 'FST_ERR_CTP_EMPTY_JSON_BODY' },
    });
    const json = errorReply('INVALID_JSON', { params: { detail: 'Unexpected }' }, details: { line: 2 } });
    expect(Object.keys(json.body)).toEqual(['message', 'code', 'line']);
    expect(errorReply('TEMPLATE_NOT_FOUND', { note: 'NoSuchProfile' }).body).toEqual({
      message: 'No template for this id: no StructureDefinition matches it. (NoSuchProfile)',
    });
  });

  it('shapes the legacy Mapx error payload of the evaluation routes', () => {
    const input = errorReply('INPUT_INVALID', {
      params: { detail: 'Unexpected end' },
      wireCode: 'INPUT_XML_MALFORMED',
      name: 'InputError',
      line: 3,
    });
    expect(input.body).toMatchObject({
      __isMapxError: true,
      code: 'INPUT_XML_MALFORMED',
      name: 'InputError',
      line: 3,
      position: '',
    });
    expect(errorReply('NO_EXPRESSION').body.name).toBe('BadRequest');
  });
});
