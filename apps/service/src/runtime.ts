import type { PluginContext, PluginLogger } from '@mapx/plugin-api';
import type { AppConfig } from './config/app-config.js';
import { FhirHolder } from './context/fhir-holder.js';
import { loadPlugins } from './plugins/load-plugins.js';
import type { LoadedPlugins } from './plugins/loaded-plugins.js';

/** What exists before the HTTP app: the FHIR context holder and every instantiated plugin. */
export interface ServiceRuntime {
  readonly fhir: FhirHolder;
  readonly plugins: LoadedPlugins;
}

/** Boot I/O that may fail start-up: plugin discovery, option validation, auth configuration. */
export async function createRuntime(config: AppConfig, logger: PluginLogger): Promise<ServiceRuntime> {
  const fhir = new FhirHolder(config.fhir, logger);
  const ctx: PluginContext = { logger, env: config.env, fhir: () => fhir.get() };
  const plugins = await loadPlugins(config, ctx);
  return { fhir, plugins };
}
