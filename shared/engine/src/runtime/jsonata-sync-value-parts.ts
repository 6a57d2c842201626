import type { Part } from './jsonata-sync-parts.js';

/** Values: a path step's sequences, an object constructor's values, an array constructor's items. */
export const VALUE_PARTS: readonly Part[] = [
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
