import { describe, expect, test } from 'vitest';
import { compileMapping, readMappings } from './harness.js';

describe('every standard mapping compiles', () => {
  for (const [id, source] of readMappings())
    test(id, async () => {
      await expect(compileMapping(source)).resolves.toBeDefined();
    });
});
