import type { MshHeader } from '../hl7/msh-header.js';
import { firstComponent } from '../hl7/msh-header.js';

export interface Route {
  /** MSH-9.1, e.g. `ADT`. */
  readonly messageType: string;
  /** MSH-9.2, e.g. `A01`; `*` matches any trigger. */
  readonly trigger: string;
  readonly sendingApplication?: string;
  readonly sendingFacility?: string;
  readonly mapping: string;
}

export interface RouteTable {
  readonly routes: readonly Route[];
  readonly defaultMapping?: string;
}

/**
 * The mapping for a message: the most specific matching route (sending application and facility count, an exact
 * trigger beats `*`; among equals the first in the file), else the default route, else undefined.
 */
export function routeFor(table: RouteTable, h: MshHeader): string | undefined {
  const app = firstComponent(h, h.sendingApplication);
  const facility = firstComponent(h, h.sendingFacility);
  let best: Route | undefined;
  let bestScore = -1;
  for (const r of table.routes) {
    if (r.messageType !== h.messageType) continue;
    if (r.trigger !== '*' && r.trigger !== h.triggerEvent) continue;
    if (r.sendingApplication !== undefined && r.sendingApplication !== app) continue;
    if (r.sendingFacility !== undefined && r.sendingFacility !== facility) continue;
    const score =
      (r.sendingApplication !== undefined ? 4 : 0) +
      (r.sendingFacility !== undefined ? 2 : 0) +
      (r.trigger !== '*' ? 1 : 0);
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best?.mapping ?? table.defaultMapping;
}
