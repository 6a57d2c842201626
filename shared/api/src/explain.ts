import { z } from 'zod';

/** Where a FLASH rule (or block) is written. */
const ruleSiteSchema = z.object({
  line: z.number().int(),
  column: z.number().int(),
  /** FHIR path of the rule from its block's root ('' for the block itself, `$` for a plain JSONata expression). */
  path: z.string(),
  instanceOf: z.string(),
  /** The rule's source line, trimmed. */
  text: z.string(),
  /** Set when the element was built by plain JSONata rather than a FLASH rule. */
  expression: z.literal(true).optional(),
});

/** HL7 v2 and CSV inputs: the source lines (1-based) of the segments or rows behind `inputs`. */
const lines = z.array(z.number().int()).optional();

const explainedRuleSchema = ruleSiteSchema.extend({
  evaluations: z.number().int(),
  produced: z.number().int().optional(),
  inputs: z.array(z.string()),
  missed: z.array(z.string()),
  lines,
});

/** The `explain` section of a verbose report (`explain=true`; docs/authoring.md). */
export const explainReportSchema = z.object({
  /** One entry per primitive of the result: its JSON path, the rule that produced it, the input it read. */
  elements: z.array(z.object({ path: z.string(), rule: ruleSiteSchema, inputs: z.array(z.string()), lines })),
  /** Every rule that ran, in source order. */
  rules: z.array(explainedRuleSchema),
  /** Rules whose value evaluated to nothing each time, and rules that never ran in a block that did. */
  empty: z.array(explainedRuleSchema),
  /** Paths of the normalised input the evaluation read. */
  inputsRead: z.array(z.string()),
  /** HL7 v2 and CSV inputs: the source lines (1-based) read and never read. */
  inputLines: z.object({ read: z.array(z.number().int()), unread: z.array(z.number().int()) }).optional(),
  /** Set when a bound cut the lists (elements, rule evaluations or reads). */
  truncated: z.literal(true).optional(),
});
export type ExplainSection = z.infer<typeof explainReportSchema>;
