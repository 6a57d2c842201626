import type { ElementInfo, FhirNavigator, RootInfo, TerminologyRuntime } from '@mapx/fhir';
import type { Where } from '../runtime/where.js';
import type { CallPlan } from '../syntax/call-plan.js';
import type { Shape } from './object-plan.js';

/** Where a block or rule is written (for diagnostics). */
export interface Site {
  position: number;
  start: number;
  line: number;
}

/** Compile-time metadata of a FLASH block. */
export interface BlockMeta {
  id: number;
  instanceOf: string;
  root: RootInfo;
  /** Root element (children in snapshot order). */
  el: ElementInfo;
  isResource: boolean;
  /** Canonical URL to inject into meta.profile (resource profiles only). */
  profileUrl?: string;
  position: number;
  start: number;
  line: number;
  at: Site;
  /** Result keys of the block's own rules. */
  childKeys: string[];
  shape?: Shape;
}

/** Compile-time metadata of one FLASH rule segment. */
export interface RuleMeta {
  id: number;
  block: BlockMeta;
  el: ElementInfo;
  /** Grouping key: JSON name, or `jsonName:sliceName` for real slices (§4.3). */
  key: string;
  /** Dotted flash path from the block root, e.g. `component[SystolicBP].value`. */
  flashPath: string;
  /** The flash path with JSON names of narrowed choices (`component[SystolicBP].valueQuantity`). */
  elementPath: string;
  /** Flash path of the parent rule ('' at the root). */
  parentPath: string;
  position: number;
  start: number;
  line: number;
  at: Site;
  /** The place of diagnostics about the rule's own value (fhirElement = flashPath). */
  where: Where;
  /** Result keys of its sub-rules. */
  childKeys: string[];
  shape?: Shape;
}

/** Per compiled expression: the tables the native FLASH functions read. */
export interface FlashTables {
  nav: FhirNavigator;
  blocks: BlockMeta[];
  rules: RuleMeta[];
  /** What each native call `$__c<id>` of the lowered JSONata does. */
  calls: CallPlan[];
  /** Terminology runtime for binding checks and display/unit injection (§5.7). */
  terminology?: TerminologyRuntime;
  /** Set on the explain variant only (a separate compile): the builder reports each rule to the tracer. */
  explain?: true;
}
