import * as assert from 'node:assert/strict';
import { OutputTail } from '../../../src/node/outputTail';

describe('OutputTail', () => {
  it('keeps everything under the cap, without a marker', () => {
    const tail = new OutputTail(100);
    tail.push(Buffer.from('hello '));
    tail.push(Buffer.from('world'));
    assert.equal(tail.text(), 'hello world');
    assert.equal(tail.truncated, false);
  });

  it('keeps the last bytes and says how many earlier ones were dropped', () => {
    const tail = new OutputTail(10);
    for (let i = 0; i < 10; i++) tail.push(Buffer.from(`line ${i}\n`));
    assert.equal(tail.truncated, true);
    assert.equal(tail.text(), '[planwright: 60 earlier bytes of output dropped]\n 8\nline 9\n');
  });

  it('does not start the kept text in the middle of a UTF-8 character', () => {
    const tail = new OutputTail(5);
    tail.push(Buffer.from('aaaa€€'));
    assert.equal(tail.text(), '[planwright: 7 earlier bytes of output dropped]\n€');
  });
});
