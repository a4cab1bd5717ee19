import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { budgetMs, recordBaseline, timeScale, waitUntil, WaitTimeoutError } from '../../../scripts/testing/timeBudget';

describe('timeBudget', () => {
  const saved = { factor: process.env.PLANWRIGHT_TEST_TIME_FACTOR, file: process.env.PLANWRIGHT_TEST_BASELINE_FILE };
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'time-budget-'));
    delete process.env.PLANWRIGHT_TEST_TIME_FACTOR;
    process.env.PLANWRIGHT_TEST_BASELINE_FILE = path.join(dir, 'baseline.json');
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    for (const [name, value] of [['PLANWRIGHT_TEST_TIME_FACTOR', saved.factor], ['PLANWRIGHT_TEST_BASELINE_FILE', saved.file]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('scales budgets by PLANWRIGHT_TEST_TIME_FACTOR when it is the largest reason, and says so', () => {
    process.env.PLANWRIGHT_TEST_TIME_FACTOR = '40';
    assert.deepEqual(timeScale(), { factor: 30, why: 'PLANWRIGHT_TEST_TIME_FACTOR=40' });
    assert.equal(budgetMs(1_000), 30_000);
  });

  it('scales budgets by a recorded baseline against its idle reference, and never below 1', () => {
    recordBaseline({ what: 'workbench load', ms: 24_000, referenceMs: 4_000 });
    const scale = timeScale();
    assert.ok(scale.factor >= 6, `factor ${scale.factor}`);
    recordBaseline({ what: 'workbench load', ms: 1_000, referenceMs: 4_000 });
    assert.ok(timeScale().factor >= 1);
  });

  it('returns what the probe found once it holds', async () => {
    let calls = 0;
    const found = await waitUntil('the third call', () => (++calls === 3 ? 'found' : undefined), { nominalMs: 5_000, intervalMs: 1 });
    assert.equal(found, 'found');
  });

  it('fails naming what it waited for, how the budget was scaled and what it saw last', async () => {
    process.env.PLANWRIGHT_TEST_TIME_FACTOR = '1';
    const error = await waitUntil('row E2 to succeed', () => false, { nominalMs: 20, intervalMs: 5, lastSeen: () => 'rows [E2 waiting]' }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof WaitTimeoutError);
    assert.match(error.message, /^waited \d+(\.\d)? s \(budget 0\.0 s.*\) for row E2 to succeed; last seen: rows \[E2 waiting\]$/);
  });

  it('reports the last error of a probe that kept throwing', async () => {
    const error = await waitUntil('a probe', () => {
      throw new Error('detached\nmore');
    }, { nominalMs: 10, intervalMs: 5 }).catch((caught: unknown) => caught);
    assert.ok(error instanceof WaitTimeoutError);
    assert.match(error.message, /last seen: an error: detached … more$/);
  });

  it('reports a Playwright timeout by what its call log waited on last, not by its retries', async () => {
    const error = await waitUntil('a link', () => {
      throw new Error('locator.click: Timeout 5000ms exceeded.\nCall log:\n  - attempting click action\n    - <div class="monaco-hover">…</div> intercepts pointer events\n  - retrying click action, attempt #2\n    - waiting 100ms\n');
    }, { nominalMs: 10, intervalMs: 5 }).catch((caught: unknown) => caught);
    assert.ok(error instanceof WaitTimeoutError);
    assert.match(error.message, /last seen: an error: locator\.click: Timeout 5000ms exceeded\. … - <div class="monaco-hover">…<\/div> intercepts pointer events$/);
  });

  it('reports the first line of a one-line error as it is', async () => {
    const error = await waitUntil('a probe', () => {
      throw new Error('detached\n\n');
    }, { nominalMs: 10, intervalMs: 5 }).catch((caught: unknown) => caught);
    assert.ok(error instanceof WaitTimeoutError);
    assert.match(error.message, /last seen: an error: detached$/);
  });

  it('reports what it saw last and the error of the last try when both are known', async () => {
    const error = await waitUntil('the palette', () => {
      throw new Error('strict mode violation\nmore');
    }, { nominalMs: 10, intervalMs: 5, lastSeen: () => 'quick input rows [none]' }).catch((caught: unknown) => caught);
    assert.ok(error instanceof WaitTimeoutError);
    assert.match(error.message, /last seen: quick input rows \[none\]; the last try failed with an error: strict mode violation … more$/);
  });
});
