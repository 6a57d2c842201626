import {
  parseMediaType,
  type MediaType,
  type NormalizeResult,
  type NormalizeWarning,
  type Normalizer,
} from '@mapx/plugin-api';
import type { NormalizerEntry } from '../plugins/loaded-plugins.js';
import { decodeBody } from './decode-body.js';

/** The message of a normaliser's refusal that names no issue (none of ours refuses so). */
export const NAMELESS_REFUSAL = 'the normaliser refused the input without naming an issue';

/** `accepted`: every media type some normaliser handles, for the 415 answer. */
export type DispatchResult =
  | NormalizeResult
  | { readonly ok: false; readonly unsupported: string; readonly accepted: readonly string[] };

const DEFAULT_TYPE = parseMediaType('application/json') as MediaType;

/** Content-Type values remembered parsed: a sender sends the same few; a longer or an unusual one is parsed anew. */
const REMEMBERED_TYPES = 32;
const REMEMBERED_LENGTH = 200;

/** Told how long each normalisation took (seconds), by media-type essence: GET /metrics. */
export type NormalizeTimer = (essence: string, seconds: number) => void;

/** Most normalisers answer synchronously: callers await only a pending result and save a microtask. */
export function isPending(
  result: DispatchResult | Promise<DispatchResult>,
): result is Promise<DispatchResult> {
  return typeof (result as Partial<PromiseLike<unknown>>).then === 'function';
}

/**
 * Routes an input to the normaliser for its media type (parsed properly: case-insensitive, parameters kept
 * for the normaliser but not used for matching). Several normalisers may claim one type; one whose `accepts`
 * says yes wins over those without `accepts`.
 */
export class InputDispatcher {
  private readonly byType = new Map<string, Normalizer[]>();
  private readonly accepted: readonly string[];
  /** A Content-Type value → its parse (frozen, so shared), null when it is not a media type. */
  private readonly parsed = new Map<string, MediaType | null>();

  /** `defaultCharset`: bytes with no charset parameter, BOM or declaration are decoded with it. */
  constructor(
    entries: readonly NormalizerEntry[],
    private readonly defaultCharset = 'utf-8',
    private readonly timer?: NormalizeTimer,
  ) {
    for (const e of entries) {
      for (const t of e.mediaTypes) {
        const key = t.toLowerCase();
        const list = this.byType.get(key) ?? [];
        list.push(e.normalizer);
        this.byType.set(key, list);
      }
    }
    for (const list of this.byType.values()) list.sort((a, b) => Number(!a.accepts) - Number(!b.accepts));
    this.accepted = Object.freeze([...this.byType.keys()].sort());
  }

  get mediaTypes(): string[] {
    return [...this.accepted];
  }

  /**
   * `contentType` missing or empty means JSON, as in the reference server. A byte body (`Uint8Array`) is
   * decoded first (`decodeBody`); its warnings are added to the result's.
   */
  normalize(
    contentType: string | undefined,
    body: unknown,
    raw: boolean,
  ): DispatchResult | Promise<DispatchResult> {
    const blank = contentType === undefined || contentType.trim() === '';
    const mediaType = blank ? DEFAULT_TYPE : this.mediaTypeOf(contentType);
    const candidates = mediaType ? this.byType.get(mediaType.essence) : undefined;
    if (!mediaType || !candidates)
      return { ok: false, unsupported: contentType ?? '', accepted: this.accepted };
    // only media types a normaliser claims are timed: the label's values stay a bounded set
    const started = this.timer ? performance.now() : 0;
    let text = body;
    let warnings: readonly NormalizeWarning[] = [];
    if (body instanceof Uint8Array) {
      const decoded = decodeBody(body, mediaType, this.defaultCharset);
      if (!decoded.ok) return { ok: false, issues: [decoded.issue] };
      text = decoded.text;
      warnings = decoded.warnings;
    }
    const input = { body: text, mediaType, raw };
    const chosen =
      candidates.find((n) => !n.accepts || n.accepts(input)) ?? candidates[candidates.length - 1];
    if (!chosen) return { ok: false, unsupported: contentType ?? '', accepted: this.accepted };
    const result = this.timed(chosen.normalize(input), mediaType.essence, started);
    if (warnings.length === 0) return result;
    return isPending(result) ? result.then((r) => withWarnings(r, warnings)) : withWarnings(result, warnings);
  }

  /** Parsing the header cost ≈ 1 kB of short strings per request; the parse is the same every time. */
  private mediaTypeOf(contentType: string): MediaType | undefined {
    const known = this.parsed.get(contentType);
    if (known !== undefined) return known ?? undefined;
    const type = parseMediaType(contentType);
    if (contentType.length <= REMEMBERED_LENGTH) {
      if (this.parsed.size >= REMEMBERED_TYPES) this.parsed.clear();
      this.parsed.set(contentType, type ?? null);
    }
    return type;
  }

  private timed(
    result: NormalizeResult | Promise<NormalizeResult>,
    essence: string,
    started: number,
  ): NormalizeResult | Promise<NormalizeResult> {
    const timer = this.timer;
    if (!timer) return result;
    const done = () => timer(essence, (performance.now() - started) / 1000);
    if (!isPending(result)) {
      done();
      return result;
    }
    return result.finally(done);
  }
}

function withWarnings(result: NormalizeResult, first: readonly NormalizeWarning[]): NormalizeResult {
  if (!result.ok) return result;
  return { ...result, warnings: [...first, ...(result.warnings ?? [])] };
}
