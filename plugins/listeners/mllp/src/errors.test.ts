import { describe, expect, it } from 'vitest';
import { MLLP_ERRORS, mllpErrorMessage, type MllpErrorCode } from './errors.js';

describe('MLLP_ERRORS', () => {
  it('gives every code an acknowledgement, an HL7 error code and a message', () => {
    for (const code of Object.keys(MLLP_ERRORS) as MllpErrorCode[]) {
      const entry = MLLP_ERRORS[code];
      expect(['AE', 'AR'], code).toContain(entry.ack);
      expect(entry.hl7, code).toMatch(/^\d{3}$/);
      expect(entry.message.trim(), code).not.toBe('');
    }
  });

  it('tells a delivery failure and what became of the message', () => {
    const params = {
      failure: 'the result could not be delivered',
      deadLetter: 'kept as dead letter 3f9a0c1e',
    };
    expect(mllpErrorMessage('MLLP_DELIVERY_FAILED', params)).toBe(
      'the result could not be delivered; kept as dead letter 3f9a0c1e',
    );
  });

  it('fills placeholders once, from own parameters only', () => {
    expect(mllpErrorMessage('MLLP_NO_ROUTE', { type: 'SIU^S12 {type}' })).toBe(
      'no route for message type SIU^S12 {type} and no default route (MLLP_ROUTES)',
    );
    const inherited = Object.create({ size: 99 }) as Record<string, number>;
    expect(mllpErrorMessage('MLLP_MESSAGE_TOO_LARGE', inherited)).toBe(
      'the message has {size} bytes; the limit is MLLP_MAX_MESSAGE_BYTES',
    );
  });
});
