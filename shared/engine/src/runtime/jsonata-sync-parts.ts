/**
 * The parts of JSONata 2.2.2's text that its synchronous form replaces with the engine's own, once
 * runtime/jsonata-sync.ts took out `async` and `await` (an awaited value is `__sync(value)`). Each part is found between a start and an end that occur as expected,
 * and must hold each text it changes as often as expected; otherwise no part is changed and there is no synchronous
 * form at all. The names a replacement calls are the synchronous form's parameters: `__checked` (signature-check.ts),
 * `__Frame` (sync-frame.ts).
 */
interface Part {
  /** Where the part starts (once in the whole text) and where it ends (the first time after the start). */
  start: string;
  end: string;
  /** What the part becomes: each text it holds exactly `times`, replaced; or the whole part between start and end. */
  edits?: readonly (readonly [from: string, to: string, times: number])[];
  whole?: { holds: readonly string[]; becomes: string };
}

const PARTS: readonly Part[] = [
  {
    // the signature check of a call, once per shape of the arguments
    start: 'function validateArguments(signature, args, context) {',
    end: 'return validatedArgs;',
    edits: [
      [
        'var validatedArgs = signature.validate(args, context);',
        'var validatedArgs = __checked(signature, args, context);',
        1,
      ],
    ],
  },
  {
    // a frame: one object of shared methods instead of an object of two closures and a dictionary
    start: 'function createFrame(enclosingEnvironment) {',
    end: 'return newFrame\n    }',
    whole: {
      holds: [
        'var bindings = Object.create(null);',
        "enclosingEnvironment.lookup(Symbol.for('jsonata.__createFrame_push'))",
        'framePushCallback(enclosingEnvironment, newFrame);',
        'newFrame.base = enclosingEnvironment.base;',
      ],
      becomes: 'return new __Frame(enclosingEnvironment); }',
    },
  },
  {
    // a call's arguments in an array of their number: pushed into an empty one, they would take room for sixteen
    start: 'function evaluateFunction(expr, input, environment, applyto) {',
    end: '// apply the procedure',
    edits: [
      [
        'var evaluatedArgs = [];',
        "var evaluatedArgs = new Array(expr.arguments.length + (typeof applyto !== 'undefined' ? 1 : 0)), __at = 0;",
        1,
      ],
      ['evaluatedArgs.push(applyto.context);', 'evaluatedArgs[__at++] = applyto.context;', 1],
      ['evaluatedArgs.push(closure);', 'evaluatedArgs[__at++] = closure;', 1],
      ['evaluatedArgs.push(arg);', 'evaluatedArgs[__at++] = arg;', 1],
    ],
  },
  {
    // a lambda's parameters bound in a loop, without a closure per call
    start: 'function applyProcedure(proc, args) {',
    end: 'return result;',
    edits: [
      [
        'Array.prototype.forEach.call(proc.arguments, function (param, index) {\n            env.bind(param.value, args[index]);\n        });',
        'for (var __p = 0; __p < proc.arguments.length; __p++) env.bind(proc.arguments[__p].value, args[__p]);',
        1,
      ],
    ],
  },
  {
    // a path step's sequences of one value made as one: pushed into an empty one, it would take room for sixteen
    start: 'function evaluateStep(expr, input, environment, lastStep) {',
    end: 'return resultSequence;',
    edits: [
      [
        'result = environment.base.createSequence();\n\n        for(',
        'result = undefined;\n\n        for(',
        1,
      ],
      [
        'result.push(res);',
        'if (result === undefined) result = environment.base.createSequence(res); else result.push(res);',
        1,
      ],
      [
        'var resultSequence = environment.base.createSequence();',
        'if (result === undefined) result = environment.base.createSequence();\n        var resultSequence;',
        1,
      ],
      [
        '} else {\n            // flatten the sequence',
        '} else if (result.length === 1 && (!Array.isArray(result[0]) || result[0].cons)) {\n' +
          '            resultSequence = environment.base.createSequence(result[0]);\n' +
          '        } else {\n            resultSequence = environment.base.createSequence();',
        1,
      ],
    ],
  },
  {
    // an object constructor's values evaluated and set in one loop: JSONata's awaits them together (an array of
    // promises, a pair per key, each read back through an iterator), which a synchronous run has no use for
    start: "// iterate over the groups to evaluate the 'value' expression",
    end: 'return result;',
    whole: {
      holds: [
        'Array.from(utils.keys(groups).map((key, idx) => {',
        'var tuple = reduceTupleStream(entry.data, environment);',
        "context = tuple['@'];",
        "delete tuple['@'];",
        'env = createFrameFromTuple(environment, tuple);',
        'environment.isParallelCall = idx > 0',
        'return [key, __sync(evaluate(expr.lhs[entry.exprIndex][1], context, env))];',
        'var [key, value] = __sync(generator);',
        "if(typeof value !== 'undefined') {",
        'result[key] = value;',
      ],
      becomes: `
        var groupKeys = utils.keys(groups);
        for (var idx = 0; idx < groupKeys.length; idx++) {
            var groupKey = groupKeys[idx];
            var group = groups[groupKey];
            var context = group.data;
            var env = environment;
            if (reduce) {
                var tuple = reduceTupleStream(group.data, environment);
                context = tuple['@'];
                delete tuple['@'];
                env = createFrameFromTuple(environment, tuple);
            }
            environment.isParallelCall = idx > 0;
            var value = __sync(evaluate(expr.lhs[group.exprIndex][1], context, env));
            if (typeof value !== 'undefined') result[groupKey] = value;
        }
        return result;`,
    },
  },
  {
    // the object that `fn.append` is called with, made only for an array constructor, which calls it
    start: 'function evaluateUnary(expr, input, environment) {',
    end: 'switch (expr.value) {',
    edits: [['var focus = {', "var focus = expr.value !== '[' ? undefined : {", 1]],
  },
  {
    // an array constructor's items evaluated in a loop, then appended in another, as JSONata does once it has
    // awaited them all (an array of promises, a pair per item, each read back through an iterator)
    start: '// array constructor - evaluate each item',
    end: 'var [item, value] = generator;',
    whole: {
      holds: [
        'result = [];',
        'let generators = __sync(Array.from(expr.expressions',
        'environment.isParallelCall = idx > 0',
        'return [item, __sync(evaluate(item, input, environment))]',
        'for (let generator of generators) {',
      ],
      becomes: `
                result = [];
                var values = new Array(expr.expressions.length);
                for (var idx = 0; idx < values.length; idx++) {
                    environment.isParallelCall = idx > 0;
                    values[idx] = __sync(evaluate(expr.expressions[idx], input, environment));
                }
                for (var at = 0; at < values.length; at++) {
                    var item = expr.expressions[at];
                    var value = values[at];`,
    },
  },
];

/** Parts far longer than these are not the functions expected. */
const MAX_PART = 3000;

/** `source` with every part replaced, or undefined when one of them is not as expected. */
export function replaceParts(source: string): string | undefined {
  let text = source;
  for (const part of PARTS) {
    const start = text.indexOf(part.start);
    if (start < 0 || text.indexOf(part.start, start + 1) >= 0) return undefined;
    const end = text.indexOf(part.end, start + part.start.length);
    if (end < 0 || end - start > MAX_PART) return undefined;
    const body = text.slice(start + part.start.length, end);
    let replaced: string;
    if (part.whole) {
      if (!part.whole.holds.every((held) => body.includes(held))) return undefined;
      replaced = part.start + part.whole.becomes;
    } else {
      let changed = body;
      for (const [from, to, times] of part.edits ?? []) {
        if (changed.split(from).length - 1 !== times) return undefined;
        changed = changed.split(from).join(to);
      }
      replaced = part.start + changed + part.end;
    }
    text = text.slice(0, start) + replaced + text.slice(end + part.end.length);
  }
  return text;
}
