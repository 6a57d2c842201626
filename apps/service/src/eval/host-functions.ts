import { HL7_V2_MEDIA_TYPE } from '@mapx/api';
import type { Engine, FunctionCallContext } from '@mapx/engine';
import type { InputDispatcher } from '../normalize/input-dispatcher.js';

/** `$parseCsv(text)` and `$v2json(text)` (mapping-language §6.6), through the same normalisers as HTTP input. */
export function registerHostFunctions(engine: Engine, dispatcher: InputDispatcher): void {
  engine.registerFunction(
    'parseCsv',
    function (this: FunctionCallContext, text: string) {
      return convert(this, dispatcher, 'text/csv', text, '$parseCsv');
    },
    '<s-:a>',
  );
  engine.registerFunction(
    'v2json',
    function (this: FunctionCallContext, text: string) {
      return convert(this, dispatcher, HL7_V2_MEDIA_TYPE, text, '$v2json');
    },
    '<s-:x>',
  );
}

async function convert(
  ctx: FunctionCallContext,
  dispatcher: InputDispatcher,
  type: string,
  text: string,
  functionName: string,
): Promise<unknown> {
  if (text === undefined) return undefined;
  const result = await dispatcher.normalize(type, text, true);
  if (result.ok) {
    // a normaliser's warning (a repeated CSV header, an invalid HL7 date) stays visible: F5354
    for (const w of result.warnings ?? []) {
      ctx.report({
        code: 'F5354',
        functionName,
        inputCode: w.code,
        inputMessage: w.message,
        ...(w.value !== undefined ? { value: w.value } : {}),
      });
    }
    return result.value;
  }
  const issue =
    'unsupported' in result
      ? { code: 'UNSUPPORTED_MEDIA_TYPE', message: `No normaliser for ${type}` }
      : result.issues[0];
  throw Object.assign(new Error(issue?.message ?? 'conversion failed'), {
    code: issue?.code ?? 'INPUT_INVALID',
  });
}
