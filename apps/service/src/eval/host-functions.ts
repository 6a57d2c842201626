import type { Engine } from '@mapx/engine';
import type { InputDispatcher } from '../normalize/input-dispatcher.js';

/** `$parseCsv(text)` and `$v2json(text)` (mapping-language §6.6), through the same normalisers as HTTP input. */
export function registerHostFunctions(engine: Engine, dispatcher: InputDispatcher): void {
  engine.registerFunction('parseCsv', (text: string) => convert(dispatcher, 'text/csv', text), '<s-:a>');
  engine.registerFunction(
    'v2json',
    (text: string) => convert(dispatcher, 'x-application/hl7-v2+er7', text),
    '<s-:x>',
  );
}

async function convert(dispatcher: InputDispatcher, type: string, text: string): Promise<unknown> {
  if (text === undefined) return undefined;
  const result = await dispatcher.normalize(type, text, true);
  if (result.ok) return result.value;
  const issue =
    'unsupported' in result
      ? { code: 'UNSUPPORTED_MEDIA_TYPE', message: `No normaliser for ${type}` }
      : result.issues[0];
  throw Object.assign(new Error(issue?.message ?? 'conversion failed'), {
    code: issue?.code ?? 'INPUT_INVALID',
  });
}
