import * as assert from 'node:assert/strict';
import { TOOLS } from '../../../src/core/tools/toolCatalog';

describe('TOOLS', () => {
  it('gives every tool that settles by status read a statusRead', () => {
    for (const tool of TOOLS) {
      const reads = tool.settleMethod(undefined as never, {}) === 'statusRead';
      assert.equal(typeof tool.statusRead === 'function', reads, tool.name);
    }
  });
});
