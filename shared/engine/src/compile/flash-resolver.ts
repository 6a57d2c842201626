import type { FhirNavigator } from '@mapx/fhir';
import { createError, lineOf } from '../errors/mapx-error.js';
import type { BlockMeta, FlashTables, RuleMeta } from '../flash/flash-meta.js';
import type { BlockAst, PathSegment, RuleAst } from '../syntax/ast.js';
import type { CallPlan } from '../syntax/call-plan.js';
import type { FlashResolver } from '../syntax/lowering.js';

const segText = (s: PathSegment): string => s.name + s.slices.map((x) => `[${x}]`).join('');

/** Resolves InstanceOf identifiers and rule paths against the FHIR context at compile time (§4.1). */
export function createFlashResolver(
  src: string,
  nav: FhirNavigator | undefined,
  unavailable: () => string | undefined,
): { resolver: FlashResolver; tables: () => FlashTables } {
  const blocks: BlockMeta[] = [];
  const rules: RuleMeta[] = [];
  const calls: CallPlan[] = [];
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
      if (!root)
        throw createError('F2001', {
          token: 'InstanceOf:',
          value: b.instanceOf,
          ...at(b.keyStart, b.keyEnd),
        });
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
      const block = blocks[blockId]!;
      const parent = parentId === undefined ? undefined : rules[parentId]!;
      const parentEl = parent ? parent.el : block.el;
      const parentPath = parent ? parent.flashPath : '';
      const flashPath = (parentPath ? parentPath + '.' : '') + segText(seg);
      const res = nav!.child(parentEl, seg.name, seg.slices);
      if (!res.ok) {
        const fields = { ...res.error.fields, ...at(seg.start, seg.end), token: '(flashpath)' };
        if (res.error.code === 'F2002')
          Object.assign(fields, { value: flashPath, fhirType: block.instanceOf });
        else Object.assign(fields, { fhirType: block.instanceOf });
        throw createError(res.error.code, fields);
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
  };
  return { resolver, tables: () => ({ nav: nav!, blocks, rules, calls }) };
}
