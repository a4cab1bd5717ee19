// Unit tests of reasonHeadline: one line that never ends on the colon of a list it cut off.
import * as assert from 'node:assert/strict';
import { englishText } from '../../../src/core/text/englishText';
import { reasonHeadline } from '../../../src/core/view/reasonHeadline';

describe('reasonHeadline', () => {
  it('keeps a one-line reason as it is', () => {
    assert.equal(reasonHeadline(englishText, 'E4 failed: exit code 1'), 'E4 failed: exit code 1');
  });

  it('keeps the first item of the list a first line introduces, and counts the rest', () => {
    const reason = "The model's patch was invalid twice (after one repair turn); nothing was run. Problems:\n- R1.args.path: Required\n- R2: unknown tool";
    assert.equal(reasonHeadline(englishText, reason), "The model's patch was invalid twice (after one repair turn); nothing was run. Problems: R1.args.path: Required (and 1 more: see the log)");
  });

  it('shortens a long line', () => {
    assert.ok(reasonHeadline(englishText, 'x'.repeat(1000)).length <= 300);
  });
});
