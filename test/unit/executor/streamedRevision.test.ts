// The streamed-revision cases (streamedRevisionCases.ts) under a guard that ends them: they wait on a run by
// yielding to the event loop, and a run whose scheduling loops would keep them spinning the CPU forever where a
// per-test timeout cannot stop it. Here they run in a child mocha that is killed once its budget is spent.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { budgetMs } from '../../../scripts/testing/timeBudget';

const CASES = path.join(__dirname, 'streamedRevisionCases.js');
const MOCHA = require.resolve('mocha/bin/mocha.js');

describe('PlanRun: a re-plan patch applied as it streams in (guarded)', function () {
  const budget = budgetMs(20_000);
  this.timeout(budget + 10_000);

  it('passes every streamed-revision case, or is killed when they overrun', async () => {
    const outcome = await new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) => {
      execFile(process.execPath, [MOCHA, '--no-config', '--reporter', 'dot', '--timeout', String(budget), CASES], { timeout: budget, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
        const failed = error as (Error & { code?: number; signal?: string }) | null;
        resolve({ code: failed ? (typeof failed.code === 'number' ? failed.code : null) : 0, signal: failed?.signal ?? null, output: `${stdout}${stderr}` });
      });
    });
    assert.notEqual(outcome.signal, 'SIGKILL', `the streamed-revision cases ran past ${budget} ms and were killed (a run that loops?):\n${outcome.output}`);
    assert.equal(outcome.code, 0, outcome.output);
    assert.match(outcome.output, /\b6 passing\b/);
  });
});
