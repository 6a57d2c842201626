import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HL7_V2_MEDIA_TYPE } from '@mapx/hl7v2';
import type { Listener } from '@mapx/plugin-api';
import {
  createFakeListenerHost,
  instantiateListener,
  type FakeListenerHost,
} from '@mapx/plugin-testkit/listener';
import mllp from '../index.js';
import { frame, MllpFramer } from '../mllp/framer.js';

const MSH = (id: string) => `MSH|^~\\&|LAB|MAIN|MAPX|HOSP|20240101120000||ADT^A01^ADT_A01|${id}|P|2.5.1`;

describe('what the listener hands the HL7 v2 normaliser', () => {
  let dir: string;
  let listener: Listener;
  let host: FakeListenerHost;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mapx-mllp-type-'));
    writeFileSync(join(dir, 'routes.yaml'), 'routes:\n  - { message: "ADT^A01", mapping: adt }\n');
    const options = {
      port: 0,
      host: '127.0.0.1',
      routesFile: join(dir, 'routes.yaml'),
      delivery: 'none',
      dataDir: dir,
    };
    listener = (await instantiateListener(mllp, options))!;
    host = createFakeListenerHost();
    await listener.start(host);
  });

  afterAll(async () => {
    await listener.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a message as the HL7 v2 ER7 media type every other path uses, a batch member with batch=message', async () => {
    const batch = `BHS|^~\\&|LAB|MAIN|||||||B1\r${MSH('M2')}\rPID|1||2\rBTS|1\r`;
    const acks = await exchange(listener.state().port as number, [`${MSH('M1')}\rPID|1||1\r`, batch]);
    expect(acks).toHaveLength(2);
    expect(acks[0]).toContain('MSA|AA|M1');
    expect(acks[1]).toContain('MSA|AA|M2');
    expect(host.evaluations.map((e) => [e.mappingId, e.contentType])).toEqual([
      ['adt', HL7_V2_MEDIA_TYPE],
      ['adt', `${HL7_V2_MEDIA_TYPE}; batch=message`],
    ]);
    expect(HL7_V2_MEDIA_TYPE).toBe('x-application/hl7-v2+er7');
  });
});

/** Sends each message in its own frame, one after the other's answer, and gives back the answers. */
async function exchange(port: number, messages: readonly string[]): Promise<string[]> {
  const socket = connect(port, '127.0.0.1');
  const framer = new MllpFramer(1 << 20);
  const answers: string[] = [];
  try {
    for (const message of messages) {
      const answer = new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          const [first] = framer.push(chunk);
          if (first?.kind !== 'message') return;
          socket.off('data', onData);
          resolve(first.bytes.toString('latin1'));
        };
        socket.on('data', onData);
        socket.once('error', reject);
      });
      socket.write(frame(message));
      answers.push(await answer);
    }
  } finally {
    socket.destroy();
  }
  return answers;
}
