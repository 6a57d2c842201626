import { loadFhirContext, type FhirContext } from '@mapx/fhir';
import type { PluginLogger } from '@mapx/plugin-api';
import type { AppConfig } from '../config/app-config.js';

/**
 * Holds the FHIR package context once warm-up has loaded it. Readers never block: they get the context or
 * undefined, and the reason when loading failed.
 */
export class FhirHolder {
  private context: FhirContext | undefined;
  private failure: string | undefined;
  private externalConceptMaps: readonly unknown[] = [];

  constructor(
    private readonly config: AppConfig['fhir'],
    private readonly logger: PluginLogger,
  ) {}

  get(): FhirContext | undefined {
    return this.context;
  }

  /** Why FLASH cannot run: still loading, or the load error. */
  unavailableReason(): string {
    return `The FHIR package context ${this.unavailableState()}`;
  }

  /** The `state` of a FHIR_CONTEXT_UNAVAILABLE answer: "is still loading …" or "failed to load: …". */
  unavailableState(): string {
    return this.failure ? `failed to load: ${this.failure}` : 'is still loading (warm-up in progress)';
  }

  async load(): Promise<void> {
    try {
      this.context = await loadFhirContext({
        fhirVersion: this.config.version,
        packages: this.config.packages,
        cacheDir: this.config.cacheDir,
        ...(this.config.registryUrl ? { registryUrl: this.config.registryUrl } : {}),
        ...(this.config.registryToken ? { registryToken: this.config.registryToken } : {}),
        logger: this.logger,
      });
      this.applyConceptMaps();
      this.logger.info({ packages: this.context.packages }, 'FHIR package context ready');
    } catch (err) {
      this.failure = err instanceof Error ? err.message : String(err);
      this.logger.error({ err: this.failure }, 'FHIR package context failed to load');
      throw err;
    }
  }

  /**
   * ConceptMaps served by the mapping stores (e.g. a FHIR server) replace the previous set in the terminology
   * runtime; kept until the context exists when it is still loading.
   */
  setExternalConceptMaps(conceptMaps: readonly unknown[]): void {
    this.externalConceptMaps = conceptMaps;
    this.applyConceptMaps();
  }

  private applyConceptMaps(): void {
    const terminology = this.context?.terminology;
    if (!terminology) return;
    terminology.flushExternal();
    if (this.externalConceptMaps.length)
      terminology.addConceptMaps(this.externalConceptMaps as Record<string, unknown>[]);
  }
}
