import { describe, expect, it } from 'vitest';
import { ThreadSlots } from './thread-slots.js';

describe('ThreadSlots', () => {
  it('grants free slots at once, then hands each released slot to the oldest waiter still waiting', async () => {
    const slots = new ThreadSlots(2);
    expect(slots.acquire(1000)).toBe(true);
    expect(slots.acquire(1000)).toBe(true);
    const order: string[] = [];
    const first = (slots.acquire(10_000) as Promise<boolean>).then((held) => order.push(`first ${held}`));
    const gone = (slots.acquire(0) as Promise<boolean>).then((held) => order.push(`gone ${held}`));
    const third = (slots.acquire(10_000) as Promise<boolean>).then((held) => order.push(`third ${held}`));
    await gone; // its wait limit passed: it leaves the queue without a slot
    slots.release();
    slots.release();
    await Promise.all([first, third]);
    expect(order).toEqual(['gone false', 'first true', 'third true']);
    expect(slots.waiting).toBe(0);
    // both slots are held by first and third: a newcomer waits until one is released
    const late = slots.acquire(10_000);
    expect(late).toBeInstanceOf(Promise);
    slots.release();
    expect(await late).toBe(true);
    slots.release();
    slots.release();
    expect(slots.acquire()).toBe(true);
  });
});
