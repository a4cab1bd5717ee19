// The seeded bootstrap: the same seed gives the same intervals, the interval holds the estimate on all
// the data, and a statistic that is undefined on a resample is left out rather than poisoning it.
import * as assert from 'node:assert/strict';
import { percentile } from '../../../bench/benchStats';
import { bootstrap } from '../../../bench/bootstrap';
import { createRandom } from '../../../bench/tasks/random';

const random = createRandom(11);
const VALUES = Array.from({ length: 200 }, () => 1000 * Math.exp(0.5 * (random.next() - 0.5)));
const percentiles = (indices: readonly number[]) => {
  const sorted = indices.map((index) => VALUES[index]!).sort((a, b) => a - b);
  return [50, 95, 99].map((p) => percentile(sorted, p));
};

describe('bootstrap', () => {
  it('gives the same intervals for the same seed and others for another', () => {
    assert.deepEqual(bootstrap(VALUES.length, percentiles, { seed: 3 }), bootstrap(VALUES.length, percentiles, { seed: 3 }));
    assert.notDeepEqual(bootstrap(VALUES.length, percentiles, { seed: 3 }), bootstrap(VALUES.length, percentiles, { seed: 4 }));
  });

  it('puts the estimate on all the data inside its interval, and the 95% interval inside the 99% one', () => {
    const sorted = [...VALUES].sort((a, b) => a - b);
    const estimates = bootstrap(VALUES.length, percentiles, { seed: 3 });
    const wide = bootstrap(VALUES.length, percentiles, { seed: 3, level: 0.99 });
    estimates.forEach((estimate, index) => {
      assert.equal(estimate.value, percentile(sorted, [50, 95, 99][index]!));
      assert.ok(estimate.low <= estimate.value && estimate.value <= estimate.high, `${JSON.stringify(estimate)}`);
      assert.ok(estimate.low < estimate.high);
      assert.ok(wide[index]!.low <= estimate.low && wide[index]!.high >= estimate.high);
    });
  });

  it('leaves out resamples on which a statistic is not finite', () => {
    const zeros = [0, 0, 0, 1];
    const [estimate] = bootstrap(zeros.length, (indices) => [1 / indices.reduce((sum, index) => sum + zeros[index]!, 0)], { seed: 1 });
    assert.equal(estimate!.value, 1);
    assert.ok(Number.isFinite(estimate!.low) && Number.isFinite(estimate!.high));
  });
});
