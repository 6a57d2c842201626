import type {
  ListenerEvaluation,
  ListenerHost,
  ListenerInput,
  ListenerMetrics,
  PluginLogger,
} from '@mapx/plugin-api';
import { createRecordingLogger } from '../store/recording-logger.js';

/** What the fake host answers for one evaluation: give a function of the mapping id and the input. */
export type FakeEvaluate = (
  mappingId: string,
  input: ListenerInput,
) => ListenerEvaluation | Promise<ListenerEvaluation>;

export interface FakeListenerHost extends ListenerHost {
  /** Every evaluation asked for, oldest first, with the input text (UTF-8). */
  readonly evaluations: { readonly mappingId: string; readonly contentType: string; readonly text: string }[];
  /** Current value of a counter or histogram count, e.g. `counter('acks_total', { code: 'AA' })`. */
  value(name: string, labels?: Readonly<Record<string, string>>): number;
}

/**
 * A host for a listener's own tests (third-party listeners): it evaluates with the function you give (the real
 * service runs a saved mapping), records every evaluation, and keeps the listener's counters in memory. For tests
 * against the real service, start mapx with the listener installed instead.
 */
export function createFakeListenerHost(
  evaluate: FakeEvaluate = () => ({ ok: true, result: undefined, warnings: [] }),
  logger: PluginLogger = createRecordingLogger(),
): FakeListenerHost {
  const evaluations: FakeListenerHost['evaluations'] = [];
  const values = new Map<string, number>();
  const add = (name: string, labels: Readonly<Record<string, string>> | undefined, by: number) => {
    const key = keyOf(name, labels);
    values.set(key, (values.get(key) ?? 0) + by);
  };
  const metrics: ListenerMetrics = {
    counter: (name) => ({ inc: (labels, value = 1) => add(name, labels, value) }),
    histogram: (name) => ({ observe: (labels) => add(name, labels, 1) }),
  };
  return {
    logger,
    metrics,
    evaluations,
    async evaluate(mappingId, input) {
      evaluations.push({
        mappingId,
        contentType: input.contentType,
        text: Buffer.from(input.bytes).toString('utf8'),
      });
      return evaluate(mappingId, input);
    },
    value: (name, labels) => values.get(keyOf(name, labels)) ?? 0,
  };
}

function keyOf(name: string, labels: Readonly<Record<string, string>> | undefined): string {
  const pairs = Object.entries(labels ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return `${name}${JSON.stringify(pairs)}`;
}
