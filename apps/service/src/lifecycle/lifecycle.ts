/**
 * Where this process is in its life: serving, or draining after SIGTERM. Readiness (GET /health, GET /health/ready)
 * turns to not-ready as soon as draining starts, before the listener closes, so a load balancer stops sending
 * new requests while the ones in flight finish. Liveness (GET /health/live) does not change.
 */
export class Lifecycle {
  draining = false;

  startDraining(): void {
    this.draining = true;
  }
}
