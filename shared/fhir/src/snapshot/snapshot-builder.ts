import type { FhirElementDefinition, FhirStructureDefinition } from '../fhir-types.js';
import { choiceTypeOf, isBelow, isInGroup, parseElementId, type IdSegment } from './element-ids.js';
import { mergeElement } from './merge-element.js';

export interface SnapshotDeps {
  /** A StructureDefinition with snapshot, by canonical URL, id or name. */
  resolve(urlOrType: string): FhirStructureDefinition | undefined;
}

export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

const CORE_SD = 'http://hl7.org/fhir/StructureDefinition/';
type El = FhirElementDefinition;
/** The slicing every FHIR tool assumes for extensions when a profile adds the first extension slice. */
const EXTENSION_SLICING = { discriminator: [{ type: 'value', path: 'url' }], ordered: false, rules: 'open' };

/**
 * Builds a snapshot by walking each differential element's id over a copy of the base snapshot: elements that are
 * not there yet are unfolded from their type (or profile, or contentReference), slices are copied from the base
 * state of their slice head and appended to its slice group, then the differential is merged in.
 */
export class SnapshotBuilder {
  private readonly list: El[];
  /** Elements as they were before this differential touched them: slices are copied from these. */
  private readonly pristine = new Map<string, El>();
  private readonly typeSliced = new Set<string>();

  constructor(
    base: FhirStructureDefinition,
    private readonly deps: SnapshotDeps,
  ) {
    const elements = base.snapshot?.element ?? [];
    if (elements.length === 0) throw new SnapshotError(`base ${base.url} has no snapshot`);
    this.list = elements.map((e) => ({ ...structuredClone(e), id: e.id ?? e.path }));
    this.remember(this.list);
  }

  apply(diff: El): void {
    const id = diff.id ?? (diff.sliceName ? `${diff.path}:${diff.sliceName}` : diff.path);
    const idx = this.locate(id);
    const el = this.at(idx);
    const profiled = this.profileRoot(el, diff);
    if (profiled) this.list[idx] = profiled;
    mergeElement(profiled ?? el, diff);
  }

  /**
   * A differential that types an element with a new profile (an extension definition, SimpleQuantity…) makes that
   * profile's root element the starting point of the element, as the FHIR publisher does; place and cardinality stay.
   */
  private profileRoot(el: El, diff: El): El | undefined {
    const profiles = diff.type?.length === 1 ? (diff.type[0]?.profile ?? []) : [];
    const url = profiles.length === 1 ? profiles[0] : undefined;
    if (!url) return undefined;
    const root = this.deps.resolve(url)?.snapshot?.element[0];
    if (!root) return undefined;
    const { id, path, sliceName, min, max, base, slicing } = el;
    return {
      ...structuredClone(root),
      path,
      ...(id !== undefined ? { id } : {}),
      ...(sliceName !== undefined ? { sliceName } : {}),
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
      ...(base ? { base } : {}),
      ...(slicing ? { slicing } : {}),
    };
  }

  finish(): El[] {
    for (const headId of this.typeSliced) this.narrowClosedTypeSlicing(headId);
    return this.list;
  }

  private locate(id: string): number {
    const segs = parseElementId(id);
    const root = this.list[0];
    if (!root || segs[0]?.name !== root.path)
      throw new SnapshotError(`element ${id} is not under ${root?.path}`);
    let idx = 0;
    for (const seg of segs.slice(1)) idx = this.child(idx, seg);
    return idx;
  }

  private child(parentIdx: number, seg: IdSegment): number {
    if (!this.hasChildren(parentIdx)) this.expand(parentIdx);
    const parentId = this.at(parentIdx).id as string;
    let head = this.indexOf(`${parentId}.${seg.name}`);
    if (head < 0) head = this.choice(parentId, seg.name);
    if (seg.slice === undefined) return head;
    const found = this.indexOf(`${this.at(head).id}:${seg.slice}`);
    return found >= 0 ? found : this.createSlice(head, seg.slice);
  }

  /**
   * `valueQuantity` under a `value[x]`: an existing type slice; else the choice itself when it has one type or sits
   * inside a slice; else a new type slice (these are the R4 publisher's rules, checked against R4 core).
   */
  private choice(parentId: string, name: string): number {
    for (let i = 0; i < this.list.length; i++) {
      const el = this.at(i);
      const id = el.id as string;
      if (!isBelow(id, parentId) || !id.endsWith('[x]') || id.slice(parentId.length + 1).includes('.'))
        continue;
      const type = choiceTypeOf(
        name,
        id.slice(parentId.length + 1),
        (el.type ?? []).map((t) => t.code),
      );
      if (!type) continue;
      const slice = this.indexOf(`${id}:${name}`);
      if (slice >= 0) return slice;
      if (id.includes(':') || (el.type?.length ?? 0) === 1) return i;
      el.slicing ??= { discriminator: [{ type: 'type', path: '$this' }], ordered: false, rules: 'closed' };
      this.typeSliced.add(id);
      return this.createSlice(i, name);
    }
    throw new SnapshotError(`no element ${parentId}.${name}`);
  }

  private createSlice(headIdx: number, sliceName: string): number {
    const head = this.at(headIdx);
    const headId = head.id as string;
    let end = headIdx + 1;
    while (end < this.list.length && isInGroup(this.at(end).id as string, headId)) end++;
    const template = [head, ...this.list.filter((e) => isBelow(e.id as string, headId))];
    const newId = `${headId}:${sliceName}`;
    const clones = template.map((e) => {
      const c = structuredClone(this.pristine.get(e.id as string) ?? e);
      c.id = newId + (e.id as string).slice(headId.length);
      return c;
    });
    if (!head.slicing && /(^|\.)(modifierE|e)xtension$/.test(head.path))
      head.slicing = { ...EXTENSION_SLICING };
    const first = clones[0] as El;
    delete first.slicing;
    first.sliceName = sliceName;
    const typed = choiceTypeOf(
      sliceName,
      head.path.split('.').pop() ?? '',
      (first.type ?? []).map((t) => t.code),
    );
    if (typed) first.type = (first.type ?? []).filter((t) => t.code === typed);
    this.list.splice(end, 0, ...clones);
    this.remember(clones);
    return end;
  }

  private hasChildren(idx: number): boolean {
    const next = this.list[idx + 1];
    return next !== undefined && isBelow(next.id as string, this.at(idx).id as string);
  }

  /** Unfolds an element's children from its contentReference, single profile or single type. */
  private expand(idx: number): void {
    const el = this.at(idx);
    const source = this.childSource(el);
    const rootId = source[0]?.id ?? source[0]?.path ?? '';
    const rootPath = source[0]?.path ?? '';
    const children = source.slice(1).map((c) => {
      const copy = structuredClone(c);
      copy.id = (el.id as string) + (c.id ?? c.path).slice(rootId.length);
      copy.path = el.path + c.path.slice(rootPath.length);
      return copy;
    });
    this.list.splice(idx + 1, 0, ...children);
    this.remember(children);
  }

  private childSource(el: El): El[] {
    if (el.contentReference) {
      const ref = el.contentReference.slice(el.contentReference.indexOf('#') + 1);
      const rootType = ref.split('.')[0] ?? '';
      const all = this.snapshotOf(CORE_SD + rootType, el);
      return all
        .filter((e) => e.path === ref || isBelow(e.path, ref))
        .filter((e) => !(e.id ?? '').includes(':'));
    }
    const codes = [...new Set((el.type ?? []).map((t) => t.code))];
    if (codes.length !== 1) throw new SnapshotError(`cannot unfold ${el.id}: it has ${codes.length} types`);
    const profiles = el.type?.[0]?.profile ?? [];
    const code = codes[0] as string;
    const url = profiles.length === 1 ? (profiles[0] as string) : code.includes(':') ? code : CORE_SD + code;
    return this.snapshotOf(url, el);
  }

  private snapshotOf(url: string, el: El): El[] {
    const elements = this.deps.resolve(url)?.snapshot?.element;
    if (!elements?.length) throw new SnapshotError(`cannot unfold ${el.id}: ${url} has no snapshot`);
    return elements;
  }

  /** Closed type slicing: the choice keeps only the types that have a slice (as the R4 publisher does). */
  private narrowClosedTypeSlicing(headId: string): void {
    const head = this.list.find((e) => e.id === headId);
    if (!head || head.slicing?.rules !== 'closed') return;
    const sliced = new Set(
      this.list
        .filter((e) => e.id?.startsWith(`${headId}:`) && !e.id.slice(headId.length).includes('.'))
        .flatMap((e) => (e.type ?? []).map((t) => t.code)),
    );
    head.type = (head.type ?? []).filter((t) => sliced.has(t.code));
  }

  private remember(elements: readonly El[]): void {
    for (const e of elements) this.pristine.set(e.id as string, structuredClone(e));
  }

  private at(i: number): El {
    const el = this.list[i];
    if (!el) throw new SnapshotError(`element index ${i} out of range`);
    return el;
  }

  private indexOf(id: string): number {
    return this.list.findIndex((e) => e.id === id);
  }
}
