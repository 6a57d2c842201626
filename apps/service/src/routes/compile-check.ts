import type { FastifyInstance, FastifyReply } from 'fastify';
import { severityOf } from '@mapx/engine';
import { compileDiagnostic } from '../eval/compile-diagnostic.js';
import { warningHeaderValues } from '../http/reply/warning-headers.js';
import { toWireDiagnostic, type WireDiagnostic } from '../eval/wire-report.js';

/**
 * Compiles a mapping that was just saved and puts what the compiler said on the answer, whose body stays the
 * stored expression (interface spec): `x-mapx-compile` is `ok`, `failed` or `unchecked` (FHIR definitions not
 * loaded yet, F1000), `x-mapx-diagnostics` the diagnostics as JSON (ASCII), one `Warning` header each.
 */
export async function addCompileDiagnostics(
  app: FastifyInstance,
  reply: FastifyReply,
  expression: string,
): Promise<void> {
  let outcome: 'ok' | 'failed' | 'unchecked' = 'ok';
  let diagnostics: WireDiagnostic[] = [];
  try {
    const compiled = await app.mapx.engine.compile(expression);
    const now = Date.now();
    diagnostics = compiled.warnings.map((w) =>
      toWireDiagnostic({ ...w, severity: severityOf(w.code), level: 'warning', timestamp: now }),
    );
  } catch (err) {
    const code = (err as { code?: unknown } | undefined)?.code;
    outcome = code === 'F1000' ? 'unchecked' : 'failed';
    const all = (err as { errors?: unknown } | undefined)?.errors;
    const list = Array.isArray(all) && all.length > 0 ? all : [err];
    const now = Date.now();
    diagnostics = list.map((e) => toWireDiagnostic({ timestamp: now, ...compileDiagnostic(e) }));
  }
  reply.header('x-mapx-compile', outcome);
  if (diagnostics.length === 0) return;
  reply.header('x-mapx-diagnostics', asciiJson(diagnostics));
  reply.header('warning', warningHeaderValues(diagnostics));
}

function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
