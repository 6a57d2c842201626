import type { FastifyInstance } from 'fastify';
import { isClusterWorker } from './worker-role.js';
import { isPeerMessage, type PeerChange, type PeerMessage } from './peer-messages.js';

export interface PeerOutcome {
  /** One line per worker that could not apply the change. Empty outside a cluster. */
  readonly failures: readonly string[];
}

const NONE: PeerOutcome = { failures: [] };
const pending = new Map<number, (outcome: PeerOutcome) => void>();
let nextSeq = 1;

/**
 * Tells every other worker about a change this worker made and resolves once they have applied it, so that the
 * client's next request sees the change whichever worker serves it. Resolves at once outside a cluster.
 */
export function announceToPeers(change: PeerChange): Promise<PeerOutcome> {
  if (!isClusterWorker()) return Promise.resolve(NONE);
  const seq = nextSeq++;
  return new Promise((resolve) => {
    pending.set(seq, resolve);
    send({ mapx: 'change-announced', seq, change });
  });
}

/**
 * Applies the changes other workers announce to this worker's caches. Call once per process, before the app
 * exists: a worker still starting receives changes too, and applies them once its app is built.
 */
export function listenToPeers(app: Promise<FastifyInstance>): void {
  if (!isClusterWorker()) return;
  process.on('message', (message: unknown) => {
    if (!isPeerMessage(message)) return;
    if (message.mapx === 'change-settled') {
      pending.get(message.seq)?.({ failures: message.failures });
      pending.delete(message.seq);
    } else if (message.mapx === 'apply-change') {
      apply(app, message.change).then(
        () => send({ mapx: 'change-applied', ref: message.ref }),
        (err: unknown) =>
          send({
            mapx: 'change-applied',
            ref: message.ref,
            error: err instanceof Error ? err.message : String(err),
          }),
      );
    }
  });
}

async function apply(ready: Promise<FastifyInstance>, change: PeerChange): Promise<void> {
  const app = await ready;
  const { mappings, serverConceptMaps } = app.mapx;
  if (change.kind === 'recache') {
    await mappings.freshReload();
    serverConceptMaps?.flush();
    return;
  }
  mappings.applyWrite(change.id, change.expression ?? undefined);
  // The reload refreshes what the stores remember about the written mapping (a FHIR server's versionId), so that
  // this worker's next write of it is not refused as a conflict. The write itself is already in the view.
  await mappings.freshReload().catch((err: unknown) => {
    app.log.warn({ err }, `reload after mapping '${change.id}' was written by another worker failed`);
  });
}

function send(message: PeerMessage): void {
  process.send?.(message);
}
