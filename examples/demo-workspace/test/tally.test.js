'use strict';
const assert = require('node:assert/strict');
const { test } = require('node:test');
const { count } = require('../src/count');
const { parseArgs, formatCounts } = require('../src/cli');

test('counts lines, words and characters', () => {
  assert.deepEqual(count('one two\nthree\n'), { lines: 2, words: 3, chars: 14 });
});

test('counts an empty file as zeros', () => {
  assert.deepEqual(count(''), { lines: 0, words: 0, chars: 0 });
});

test('shows every column when no flag is given', () => {
  const options = parseArgs(['notes.txt']);
  assert.deepEqual(options.files, ['notes.txt']);
  assert.equal(formatCounts({ lines: 1, words: 2, chars: 3 }, options), '      1       2       3');
});

test('shows only the columns asked for', () => {
  assert.equal(formatCounts({ lines: 1, words: 2, chars: 3 }, parseArgs(['--words'])), '      2');
});

test('rejects unknown flags', () => {
  assert.throws(() => parseArgs(['--fast']), /unknown flag --fast/);
});
