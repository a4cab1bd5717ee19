// Unit tests of the Runs view's rows: which runs are listed (running, waiting and stopped ones always, finished
// ones for a day, newest first), where each is and who runs it, this window's runs taken from the window, and the
// contextValue Pause and Cancel are offered on.
import * as assert from 'node:assert/strict';
import { foundRunPhase, listedRuns, MAX_LISTED, RECENT_MS, type FoundRun } from '../../../src/core/run/foundRun';
import { englishText } from '../../../src/core/text/englishText';
import { runsSection, WHEN_RUN_LIVE } from '../../../src/core/view/runsSection';

const NOW = Date.UTC(2026, 11, 7, 12);

function found(runId: string, overrides: Partial<FoundRun> = {}): FoundRun {
  return { runId, journalPath: `/runs/${runId}.journal.jsonl`, door: 'workspace', goal: `Goal of ${runId}`, status: 'running', startedAt: NOW - 1_000, changedAt: NOW - 500, ended: 1, steps: 3, ...overrides };
}

const holder = { pid: 4121, host: 'here', since: NOW - 2_000 };

describe('foundRunPhase', () => {
  it('is running while a live process holds a run that has not ended, stopped when nobody does', () => {
    assert.equal(foundRunPhase({ status: 'running', holder }), 'running');
    assert.equal(foundRunPhase({ status: 'running' }), 'stopped');
    assert.equal(foundRunPhase({ status: 'paused' }), 'stopped');
    assert.equal(foundRunPhase({ status: 'needsReplan', holder }), 'running');
  });

  it('is waiting when the journal says the run waits for approval, finished once it ended', () => {
    assert.equal(foundRunPhase({ status: 'awaitingApproval' }), 'waiting');
    for (const status of ['succeeded', 'failed', 'cancelled'] as const) assert.equal(foundRunPhase({ status, holder }), 'finished');
  });
});

describe('listedRuns', () => {
  it('keeps every unfinished run and the finished ones of the last day, newest first', () => {
    const runs = [
      found('a', { startedAt: NOW - 5_000 }),
      found('old', { status: 'succeeded', startedAt: NOW - RECENT_MS - 10_000, changedAt: NOW - RECENT_MS - 1 }),
      found('recent', { status: 'failed', startedAt: NOW - 3_000, changedAt: NOW - 60_000 }),
      found('stale', { status: 'paused', startedAt: NOW - 10 * RECENT_MS, changedAt: NOW - 10 * RECENT_MS }),
    ];
    assert.deepEqual(listedRuns(runs, NOW).map((run) => run.runId), ['recent', 'a', 'stale']);
  });

  it('lists at most MAX_LISTED runs', () => {
    const many = Array.from({ length: MAX_LISTED + 5 }, (_, index) => found(`r${String(index).padStart(2, '0')}`, { startedAt: NOW - index }));
    const listed = listedRuns(many, NOW);
    assert.equal(listed.length, MAX_LISTED);
    assert.equal(listed[0]!.runId, 'r00');
  });
});

describe('runsSection', () => {
  it('says where another process\'s run is, how far, and which process runs it; Pause and Cancel match it while it runs', () => {
    const [row] = runsSection(englishText, { runs: [found('cli', { holder })], window: new Map(), now: NOW });
    assert.equal(row!.label, 'Goal of cli');
    assert.equal(row!.description, 'running · 1 of 3 steps · process 4121');
    assert.equal(row!.contextValue, 'run:running:live');
    assert.match(row!.accessibilityLabel, /^Run cli: Goal of cli, running, process 4121$/);
    assert.match(row!.contextValue, new RegExp(WHEN_RUN_LIVE.replace(/^viewItem =~ \/(.*)\/$/, '$1')));
  });

  it('takes this window\'s runs from the window: running here, the steps that ask, and the one the Plan view shows', () => {
    const mine = found('mine', { door: 'editor' });
    const rows = runsSection(englishText, { runs: [mine, found('done', { status: 'succeeded' })], window: new Map([[mine.journalPath, { executing: true, waiting: 2 }]]), shown: mine.journalPath, now: NOW });
    const row = rows.find((candidate) => candidate.runId === 'mine')!;
    assert.equal(row.description, 'waiting for you · 2 steps ask · 1 of 3 steps · this window');
    assert.equal(row.contextValue, 'run:waiting:live:shown');
    assert.equal(row.iconId, 'bell-dot');
    const done = rows.find((candidate) => candidate.runId === 'done')!;
    assert.equal(done.contextValue, 'run:finished');
    assert.equal(done.description, 'succeeded · 1 of 3 steps · CLI or MCP');
    assert.doesNotMatch(done.contextValue, /:live/);
  });

  it('says a stopped run stopped, and a finished run\'s failure or cancel by its icon', () => {
    const rows = runsSection(englishText, { runs: [found('p', { status: 'paused', door: 'editor' }), found('f', { status: 'failed' }), found('c', { status: 'cancelled' })], window: new Map(), now: NOW });
    assert.deepEqual(rows.map((row) => [row.runId, row.description.split(' · ')[0], row.iconId]), [
      ['p', 'stopped: paused', 'debug-pause'],
      ['f', 'failed', 'error'],
      ['c', 'cancelled', 'close'],
    ]);
  });

  it('says an undone run is undone, with the undone icon and not the passed colour, and counts it finished', () => {
    assert.equal(foundRunPhase({ status: 'undone' }), 'finished');
    const [row] = runsSection(englishText, { runs: [found('u', { status: 'undone' })], window: new Map(), now: NOW });
    assert.deepEqual([row!.description.split(' · ')[0], row!.iconId, row!.iconColor], ['undone', 'discard', undefined]);
    assert.match(row!.accessibilityLabel ?? '', /, undone, /);
  });

  it('keeps this window\'s run listed even when it would be left out as old', () => {
    const old = found('old', { status: 'succeeded', changedAt: NOW - 2 * RECENT_MS });
    const rows = runsSection(englishText, { runs: [old], window: new Map([[old.journalPath, { executing: false, waiting: 0 }]]), now: NOW });
    assert.deepEqual(rows.map((row) => row.runId), ['old']);
  });
});
