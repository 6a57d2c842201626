import type { PiscinaTask } from 'piscina';
import { describe, expect, it } from 'vitest';
import { BATCH_QUEUE_OPTIONS, QUEUE_OPTIONS, evalBalancer } from './eval-balancer.js';

const task = (batch: boolean): PiscinaTask =>
  ({
    taskId: 1,
    filename: 'f',
    name: 'default',
    created: 0,
    isAbortable: true,
    [QUEUE_OPTIONS]: batch ? BATCH_QUEUE_OPTIONS : null,
  }) as unknown as PiscinaTask;

// piscina's view of a thread: one abortable task reads as usage Infinity; two tasks as 2, no longer "abortable"
const idle = { currentUsage: 0, isRunningAbortableTask: false };
const runningOne = { currentUsage: Infinity, isRunningAbortableTask: true };
const holdingTwo = { currentUsage: 2, isRunningAbortableTask: false };

describe('evalBalancer', () => {
  it('gives any task an idle thread first', () => {
    expect(evalBalancer(task(false), [runningOne, idle])).toBe(idle);
    expect(evalBalancer(task(true), [runningOne, holdingTwo, idle])).toBe(idle);
  });

  it('lets a batch of several inputs wait on a thread that runs one task, never on one that holds two', () => {
    expect(evalBalancer(task(true), [holdingTwo, runningOne])).toBe(runningOne);
    expect(evalBalancer(task(true), [holdingTwo])).toBeNull();
  });

  it('keeps any other task (an evaluation, a batch of one) in the pool until a thread is idle', () => {
    expect(evalBalancer(task(false), [runningOne, holdingTwo])).toBeNull();
  });
});
