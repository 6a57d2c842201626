import type { PluginBase, PluginKind } from '@mapx/plugin-api';

export type OptionsValidation<O> =
  | { readonly ok: true; readonly value: O }
  | { readonly ok: false; readonly messages: string[]; readonly paths: string[] };

/**
 * Validates raw options the way the host does: through the plugin's Standard Schema. Issues come back as
 * messages and dotted paths (`fileExtension`, `auth.type`), in the order the schema reported them.
 */
export async function validatePluginOptions<O>(
  plugin: PluginBase<PluginKind, O>,
  raw: unknown,
): Promise<OptionsValidation<O>> {
  const result = await plugin.optionsSchema['~standard'].validate(raw);
  if (!result.issues) return { ok: true, value: result.value };
  return {
    ok: false,
    messages: result.issues.map((i) => i.message),
    paths: result.issues.map((i) =>
      (i.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.'),
    ),
  };
}
