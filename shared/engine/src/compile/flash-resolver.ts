import type { FhirNavigator } from '@mapx/fhir';
import { createError, lineOf, type MapxError } from '../errors/mapx-error.js';
import type { BlockMeta, FlashTables, RuleMeta } from './flash-plan.js';
import { canonicalBoolean, truthOf } from './boolean-text.js';
import type { BlockAst, PathSegment, RuleAst } from '../syntax/ast.js';
import type { CallPlan } from '../syntax/call-plan.js';
import type { FlashResolver } from '../syntax/lowering.js';

const segText = (s: PathSegment): string => s.name + s.slices.map((x) => `[${x}]`).join('');

/** Resolution errors collected from one compilation before it fails (docs/engine.md, "Compile errors"). */
export const MAX_COMPILE_ERRORS = 20;

/** Resolves InstanceOf identifiers and rule paths against the FHIR context at compile time (§4.1). */
export function createFlashResolver(
  src: string,
  nav: FhirNavigator | undefined,
  unavailable: () => string | undefined,
): {
  resolver: FlashResolver;
  tables: () => FlashTables;
  errors: () => MapxError[];
  warnings: () => MapxError[];
} {
  // an unresolvable block or rule is recorded (undefined) and resolution goes on, so that every unknown
  // InstanceOf and element path of the mapping is reported at once; nothing under it is resolved
  const blocks: (BlockMeta | undefined)[] = [];
  const rules: (RuleMeta | undefined)[] = [];
  const calls: CallPlan[] = [];
  const errors: MapxError[] = [];
  const warnings: MapxError[] = [];
  const fail = (err: MapxError) => {
    if (errors.length < MAX_COMPILE_ERRORS) errors.push(err);
  };
  const at = (start: number, end: number): { position: number; start: number; line: number } => ({
    position: end,
    start,
    line: lineOf(src, start),
  });

  const resolver: FlashResolver = {
    openBlock(b: BlockAst) {
      if (!nav) {
        const reason = unavailable();
        throw createError('F1000', {
          token: 'InstanceOf:',
          ...at(b.keyStart, b.keyEnd),
          ...(reason ? { reason } : {}),
        });
      }
      const root = nav.root(b.instanceOf);
      if (!root) {
        fail(
          createError('F2001', { token: 'InstanceOf:', value: b.instanceOf, ...at(b.keyStart, b.keyEnd) }),
        );
        blocks.push(undefined);
        return blocks.length - 1;
      }
      const isResource = root.kind === 'resource';
      const meta: BlockMeta = {
        id: blocks.length,
        instanceOf: b.instanceOf,
        root,
        el: root.element,
        isResource,
        ...(isResource && root.derivation === 'constraint' ? { profileUrl: root.url } : {}),
        ...at(b.keyStart, b.keyEnd),
        at: at(b.keyStart, b.keyEnd),
        childKeys: [],
      };
      blocks.push(meta);
      return meta.id;
    },
    instanceRule(blockId: number, b: BlockAst) {
      const seg: PathSegment = { name: 'id', slices: [], start: b.keyStart, end: b.keyEnd };
      return resolver.rule(blockId, undefined, seg, { start: b.keyStart, line: b.line } as RuleAst).id;
    },
    rule(blockId, parentId, seg, rule) {
      const block = blocks[blockId];
      const parent = parentId === undefined ? undefined : rules[parentId];
      const unresolved = () => {
        rules.push(undefined);
        return { id: rules.length - 1, fixed: false, forbidden: false };
      };
      if (!block || (parentId !== undefined && !parent)) return unresolved();
      const parentEl = parent ? parent.el : block.el;
      const parentPath = parent ? parent.flashPath : '';
      const flashPath = (parentPath ? parentPath + '.' : '') + segText(seg);
      const res = nav!.child(parentEl, seg.name, seg.slices);
      if (!res.ok) {
        const fields = { ...res.error.fields, ...at(seg.start, seg.end), token: '(flashpath)' };
        if (res.error.code === 'F2002')
          Object.assign(fields, { value: flashPath, fhirType: block.instanceOf });
        else Object.assign(fields, { fhirType: block.instanceOf });
        const err = createError(res.error.code, fields);
        // for the "did you mean" of static-checks/did-you-mean.ts; not part of the payload
        Object.defineProperty(err, 'unresolved', { value: { parent: parentEl, seg } });
        fail(err);
        return unresolved();
      }
      const el = res.element;
      const jsonName = el.jsonNames[0]!;
      // a slice of a choice (`value[x]:valueQuantity`) narrows the type; it is no real slice
      const slice = el.defName.endsWith('[x]') ? undefined : el.sliceName;
      const site = at(rule.start ?? seg.start, seg.end);
      const meta: RuleMeta = {
        id: rules.length,
        block,
        el,
        key: slice !== undefined ? `${jsonName}:${slice}` : jsonName,
        flashPath,
        elementPath:
          (parent ? parent.elementPath + '.' : '') + jsonName + (slice !== undefined ? `[${slice}]` : ''),
        parentPath,
        ...site,
        at: site,
        where: { instanceOf: block.instanceOf, fhirElement: flashPath, ...site },
        childKeys: [],
      };
      rules.push(meta);
      (parent ?? block).childKeys.push(meta.key);
      return { id: meta.id, fixed: el.fixed !== undefined, forbidden: el.max === '0' };
    },
    call(plan: CallPlan) {
      calls.push(plan);
      return calls.length - 1;
    },
    literal(ruleId: number, value: unknown) {
      const meta = rules[ruleId];
      const warning = meta && literalWarning(meta, value);
      if (warning && warnings.length < MAX_COMPILE_ERRORS) warnings.push(warning);
    },
  };
  return {
    resolver,
    // only called when errors() is empty: every block and rule was resolved
    tables: () => ({ nav: nav!, blocks: blocks as BlockMeta[], rules: rules as RuleMeta[], calls }),
    errors: () => errors,
    warnings: () => warnings,
  };
}

/** F5351: a literal that the boolean conversion will change (`* deceasedBoolean = "N"` is true). */
function literalWarning(meta: RuleMeta, value: unknown): MapxError | undefined {
  if (meta.el.typeCode !== 'boolean') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (value === '' || canonicalBoolean(value) !== undefined) return undefined;
  return createError('F5351', { ...meta.where, value, result: truthOf(value) });
}
