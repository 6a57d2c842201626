import type { Part } from './jsonata-sync-parts.js';

/** Calls and frames: the signature check, a frame, a call's arguments, a lambda's parameters. */
export const CALL_PARTS: readonly Part[] = [
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
];
