import * as assert from 'node:assert/strict';
import * as path from 'node:path';

interface Report {
  passed: number;
  failed: number;
  skipped: number;
  inFlight: string | null;
  finished: boolean;
}
interface LayerResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
}
type LayerResultOf = (name: string, seconds: number, code: number | null, report: Report | undefined, why: string | undefined) => LayerResult;

// A plain script (run before anything is compiled), loaded from the source tree.
const { layerResult } = require(path.resolve(__dirname, '..', '..', '..', '..', 'scripts', 'testing', 'layerRunner.js')) as { layerResult: LayerResultOf };

describe('layerResult', () => {
  it('counts what ran before a crash, plus one failure naming the test in flight', () => {
    const report: Report = { passed: 83, failed: 0, skipped: 2, inFlight: 'Plan run approves E2', finished: false };
    assert.deepEqual(layerResult('integration', 90, 1, report, undefined), {
      name: 'integration',
      passed: 83,
      failed: 1,
      skipped: 2,
      seconds: 90,
      note: 'exited with code 1 while running "Plan run approves E2"',
    });
  });

  it('says why the runner stopped when it knows, such as an unresponsive extension host', () => {
    const report: Report = { passed: 10, failed: 1, skipped: 0, inFlight: 'Terminal runs', finished: false };
    const result = layerResult('integration', 5, 2, report, 'stopped: the extension host stopped answering');
    assert.equal(result.failed, 2);
    assert.equal(result.note, 'stopped: the extension host stopped answering while running "Terminal runs"');
  });

  it('counts one failure when the process ended before any test started', () => {
    assert.deepEqual(layerResult('e2e', 3, 1, undefined, undefined), {
      name: 'e2e', passed: 0, failed: 1, skipped: 0, seconds: 3, note: 'exited with code 1 before any test started',
    });
  });

  it('takes a finished report as it is, and adds a failure only when the process failed with every test passed', () => {
    const finished: Report = { passed: 5, failed: 2, skipped: 0, inFlight: null, finished: true };
    assert.deepEqual(layerResult('unit', 1, 1, finished, undefined), { name: 'unit', passed: 5, failed: 2, skipped: 0, seconds: 1 });
    const clean: Report = { ...finished, failed: 0 };
    assert.equal(layerResult('unit', 1, 0, clean, undefined).failed, 0);
    assert.equal(layerResult('unit', 1, 3, clean, undefined).note, 'exited with code 3 after its tests passed');
  });
});
