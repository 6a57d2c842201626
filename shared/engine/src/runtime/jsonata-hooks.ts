/** The names JSONata looks its hooks up by, in its frames: at every node evaluated, after it, at every frame made. */
export const EVALUATE_ENTRY = Symbol.for('jsonata.__evaluate_entry');
export const EVALUATE_EXIT = Symbol.for('jsonata.__evaluate_exit');
export const CREATE_FRAME_PUSH = Symbol.for('jsonata.__createFrame_push');
