import { describe, expect, it } from 'vitest';
import { buildAck } from './ack.js';
import { ackPlan } from './ack-mode.js';
import { readMsh } from './msh-header.js';

const MSG = 'MSH#$%*@#SND#FAC#RCV#RFAC#20240101##ADT$A08$ADT_A01#CTRL-1#T#2.7###AL#ER\rPID#1\r';

describe('acknowledgements', () => {
  it('reads MSH with the delimiters the message declares', () => {
    const h = readMsh(Buffer.from(MSG, 'latin1'))!;
    expect(h).toMatchObject({
      fieldSeparator: '#',
      component: '$',
      messageType: 'ADT',
      triggerEvent: 'A08',
      controlId: 'CTRL-1',
      version: '2.7',
      acceptAckType: 'AL',
      applicationAckType: 'ER',
    });
    expect(ackPlan(h)).toEqual({ enhanced: true, accept: 'AL', application: 'ER' });
  });

  it('answers in the message version and encoding characters, escaping delimiters in the text', () => {
    const h = readMsh(Buffer.from(MSG, 'latin1'))!;
    const ack = buildAck(h, 'AE', {
      hl7: '207',
      hl7Text: 'Application internal error',
      code: 'F1',
      message: 'a#b$c',
    });
    const [msh, msa, err] = ack.split('\r');
    expect(msh!.split('#').slice(0, 6)).toEqual(['MSH', '$%*@', 'RCV', 'RFAC', 'SND', 'FAC']);
    expect(msh!.split('#').slice(10)).toEqual(['T', '2.7']);
    expect(msh!.split('#')[8]).toBe('ACK$A08$ACK');
    expect(msh!.split('#')[9]).toMatch(/^MAPX/);
    expect(msa).toBe('MSA#AE#CTRL-1');
    expect(err).toBe('ERR###207$Application internal error$HL70357#E#F1$a*F*b*S*c$MAPX###a*F*b*S*c');
  });

  it('answers a message without MSH in 2.5 with the default delimiters', () => {
    expect(readMsh(Buffer.from('PID|1\r'))).toBeUndefined();
    expect(readMsh(Buffer.from('MSH|^^~\\&|x'))).toBeUndefined();
    const ack = buildAck(undefined, 'AR');
    expect(ack).toMatch(/^MSH\|\^~\\&\|\|\|\|\|\d{14}\+0000\|\|ACK\|MAPX\w+\|P\|2\.5\rMSA\|AR\|\r$/);
  });

  it('reads original mode when MSH-15 and MSH-16 are empty', () => {
    const h = readMsh(Buffer.from('MSH|^~\\&|A|B|C|D|1||ADT^A01|X|P|2.3\r'))!;
    expect(ackPlan(h)).toEqual({ enhanced: false, accept: 'NE', application: 'AL' });
    expect(buildAck(h, 'AA').split('\r')[0]!.split('|')[8]).toBe('ACK^A01');
  });

  it("carries the mapx code in a pre-2.5 ERR as the alternate identifier of ERR-1's code", () => {
    const h = readMsh(Buffer.from('MSH|^~\\&|A|B|C|D|1||ADT^A01|X|P|2.3\r'))!;
    const error = { code: 'F5130', message: 'mandatory', hl7: '207', hl7Text: 'Application internal error' };
    const err = buildAck(h, 'AE', error)
      .split('\r')
      .find((line) => line.startsWith('ERR'));
    expect(err).toBe('ERR|^^^207&Application internal error&HL70357&F5130&mandatory&MAPX');
  });
});
