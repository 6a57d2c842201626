import { SyncFrame } from './sync-frame.js';
import {
  CREATE_FRAME_PUSH as PUSH,
  EVALUATE_ENTRY as ENTRY,
  EVALUATE_EXIT as EXIT,
} from './jsonata-hooks.js';

interface Frame {
  lookup(name: string | symbol): unknown;
}

/**
 * JSONata's `__createFrame_push` hook, bound at the root of an expression: every new frame answers JSONata's own
 * hook names (looked up at every node evaluated and every frame created) from what its parent answered, instead
 * of walking the whole chain of frames up to the root each time — a cost that grew with the depth of nested
 * mapping calls, blocks and lambdas. The hooks are bound once, at the root (no expression can bind a symbol).
 */
export function frameHooksShortcut(): (parent: Frame, frame: Frame) => void {
  return (parent, frame) => {
    // a frame of the synchronous JSONata answers them so itself
    if (frame instanceof SyncFrame) return;
    const entry = parent.lookup(ENTRY);
    const exit = parent.lookup(EXIT);
    const push = parent.lookup(PUSH);
    const lookup = frame.lookup;
    frame.lookup = (name) =>
      name === ENTRY ? entry : name === EXIT ? exit : name === PUSH ? push : lookup(name);
  };
}
