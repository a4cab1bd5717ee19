// Runs that share a workspace, through the claims kept in `.planwright/claims/`: a step of one run that needs
// a file another run's running step writes waits for it and says whom it waits for, and both runs' edits
// land; runs on different files never wait; a claim whose process died is released; a wait that could never
// end fails on one side, clearly, having written nothing.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { WriteClaimDeadlockError } from '../../../src/core/errors';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { ClaimHolder, WriteClaims } from '../../../src/core/ports';
import { nodeClock } from '../../../src/node/nodeClock';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { claimsFolderOf, workspaceClaims } from '../../../src/node/workspaceClaims';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { fakeRunDeps, liveSignal, runOptions, stepRecords, validPlan } from '../support/executorFakes';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const edit = (id: string, from: string, to: string, dependsOn?: string[]) => ({
  id,
  title: `Set ${to}`,
  tool: 'editFile',
  args: { path: 'src/a.js', edits: [{ find: from, replace: to }] },
  postcondition: { kind: 'fileContains', path: 'src/a.js', text: to },
  ...(dependsOn ? { dependsOn } : {}),
});

/** A workspace whose writes, once begun (`onWrite`), wait for `gate` before they happen. */
class GatedWorkspace extends NodeWorkspace {
  constructor(
    root: string,
    private readonly gate: Promise<unknown>,
    private readonly onWrite: () => void,
  ) {
    super(root);
  }
  override async writeFileIfUnchanged(file: string, seen: string | null, content: string): Promise<void> {
    this.onWrite();
    await this.gate;
    return super.writeFileIfUnchanged(file, seen, content);
  }
  override async writeFile(file: string, content: string): Promise<void> {
    this.onWrite();
    await this.gate;
    return super.writeFile(file, content);
  }
}

describe('runs that share a workspace', function () {
  this.timeout(budgetMs(60_000));
  let root: string;
  beforeEach(async () => {
    root = await makeTempDir();
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'src', 'a.js'), 'a0 = 0;\na1 = 0;\nb0 = 0;\nb1 = 0;\n');
  });
  afterEach(async () => {
    await removeTempDir(root);
  });

  const runOf = (runId: string, steps: unknown[], workspace: NodeWorkspace, claims: WriteClaims) =>
    PlanRun.start(validPlan(steps), { runId, options: runOptions() }, fakeRunDeps({ workspace, clock: nodeClock, claims }));

  it('a step needing a file another run is writing waits for it, says so, and both runs land every edit', async () => {
    const waits: { stepId: string; holder: ClaimHolder | undefined }[] = [];
    let bWaitsForA: () => void = () => undefined;
    const bWaiting = new Promise<void>((resolve) => (bWaitsForA = resolve));
    const claimsOfA = workspaceClaims(root);
    const claimsOfB = workspaceClaims(root, (request, holder) => {
      waits.push({ stepId: request.stepId, holder });
      if (holder?.runId === 'run-a') bWaitsForA();
    });
    let aWrites: () => void = () => undefined;
    const aWriting = new Promise<void>((resolve) => (aWrites = resolve));
    // B starts once A's first step is writing (its claim held), and that write happens only once B has said it waits for A.
    const a = await runOf('run-a', [edit('E1', 'a0 = 0', 'a0 = 1'), edit('E2', 'a1 = 0', 'a1 = 1', ['E1'])], new GatedWorkspace(root, bWaiting, () => aWrites()), claimsOfA);
    const b = await runOf('run-b', [edit('E1', 'b0 = 0', 'b0 = 1'), edit('E2', 'b1 = 0', 'b1 = 1', ['E1'])], new NodeWorkspace(root), claimsOfB);
    const aDone = a.execute(liveSignal());
    await aWriting;
    const [reportA, reportB] = await Promise.all([aDone, b.execute(liveSignal())]);
    assert.equal(reportA.status, 'succeeded');
    assert.equal(reportB.status, 'succeeded');
    assert.equal(readFileSync(path.join(root, 'src', 'a.js'), 'utf8'), 'a0 = 1;\na1 = 1;\nb0 = 1;\nb1 = 1;\n');
    assert.deepEqual(waits[0], { stepId: 'E1', holder: { runId: 'run-a', stepId: 'E1', step: '1', path: 'src/a.js' } });
    assert.equal(waits.at(-1)?.holder, undefined, 'the wait never ended');
    assert.deepEqual(readdirSync(claimsFolderOf(root)).filter((name) => name.endsWith('.json')), [], 'claims outlived their steps');
  });

  it('runs on different files never wait for each other', async () => {
    await writeFile(path.join(root, 'src', 'b.js'), 'b = 0;\n');
    const waits: unknown[] = [];
    const claims = workspaceClaims(root, (_request, holder) => waits.push(holder));
    const other = (id: string) => ({ ...edit(id, 'b = 0', 'b = 1'), args: { path: 'src/b.js', edits: [{ find: 'b = 0', replace: 'b = 1' }] }, postcondition: { kind: 'fileContains', path: 'src/b.js', text: 'b = 1' } });
    const a = await runOf('run-a', [edit('E1', 'a0 = 0', 'a0 = 1')], new NodeWorkspace(root), claims);
    const b = await runOf('run-b', [other('E1')], new NodeWorkspace(root), claims);
    const reports = await Promise.all([a.execute(liveSignal()), b.execute(liveSignal())]);
    assert.deepEqual(reports.map((report) => report.status), ['succeeded', 'succeeded']);
    assert.deepEqual(waits, []);
  });

  it('releases the claims of a run whose process was killed with SIGKILL: the waiting step goes on', async () => {
    const folder = claimsFolderOf(root);
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, 'run-dead.json');
    const claim = { runId: 'run-dead', holds: [{ stepId: 'E3', step: '3', paths: ['src/a.js'] }], waits: [] };
    const script = `require('fs').writeFileSync(${JSON.stringify(file)}, JSON.stringify({ pid: process.pid, host: require('os').hostname(), claims: ${JSON.stringify(claim)} })); setInterval(() => {}, 1000);`;
    const holder = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    try {
      const deadline = Date.now() + budgetMs(20_000);
      while (!existsSync(file)) {
        if (Date.now() > deadline) throw new Error('the holder never wrote its claim');
        await new Promise((resolve) => setImmediate(resolve));
      }
      let waiting: (holder: ClaimHolder) => void = () => undefined;
      const waited = new Promise<ClaimHolder>((resolve) => (waiting = resolve));
      const run = await runOf('run-a', [edit('E1', 'a0 = 0', 'a0 = 1')], new NodeWorkspace(root), workspaceClaims(root, (_request, who) => who && waiting(who)));
      const report = run.execute(liveSignal());
      assert.deepEqual(await waited, { runId: 'run-dead', stepId: 'E3', step: '3', path: 'src/a.js' });
      assert.equal(readFileSync(path.join(root, 'src', 'a.js'), 'utf8').includes('a0 = 0'), true, 'the step wrote while the claim was held');
      holder.kill('SIGKILL');
      assert.equal((await report).status, 'succeeded');
      assert.equal(existsSync(file), false, "the dead run's claims were not released");
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('a wait that could never end fails on the side that would close the circle, clearly', async () => {
    const claims = workspaceClaims(root);
    const signal = liveSignal();
    // Sub-plan steps A/E1 and B/E1 hold their scopes; A's child waits for b/, then B's child asks for a/.
    await claims.claim({ runId: 'A', stepId: 'E1', step: '1', paths: ['a'] }, signal);
    await claims.claim({ runId: 'B', stepId: 'E1', step: '1', paths: ['b'] }, signal);
    const controller = new AbortController();
    let childWaits: () => void = () => undefined;
    const childWaiting = new Promise<void>((resolve) => (childWaits = resolve));
    const waitingChild = workspaceClaims(root, () => childWaits()).claim({ runId: 'A.E1-aa', stepId: 'E1', step: '1', paths: ['b/x'] }, controller.signal);
    await childWaiting;
    await assert.rejects(claims.claim({ runId: 'B.E1-bb', stepId: 'E1', step: '1', paths: ['a/y'] }, signal), (error: unknown) => {
      assert.ok(error instanceof WriteClaimDeadlockError);
      assert.match(error.message, /^a\/y: run A's step 1 holds a and already waits, through its own steps, for this run; waiting would never end, so this step fails and nothing was written$/);
      return true;
    });
    controller.abort();
    await assert.rejects(waitingChild);
  });

  it('a step whose claim would deadlock is journalled as a definite failure that wrote nothing', async () => {
    const deadlocked: WriteClaims = { claim: async () => Promise.reject(new WriteClaimDeadlockError('src/a.js: run B would wait for this run')) };
    const deps = fakeRunDeps({ workspace: new NodeWorkspace(root), clock: nodeClock, claims: deadlocked });
    const report = await (await PlanRun.start(validPlan([edit('E1', 'a0 = 0', 'a0 = 1')]), { runId: 'run-a', options: runOptions() }, deps)).execute(liveSignal());
    assert.equal(report.steps[0]?.status, 'failed');
    const end = (await stepRecords(deps.journal)).at(-1);
    assert.equal(end?.failure?.reason, 'writeClaimDeadlock');
    assert.equal(end?.failure?.kind, 'definite');
    assert.match(String(end?.failure?.message), /run B would wait for this run/);
    assert.equal(readFileSync(path.join(root, 'src', 'a.js'), 'utf8').includes('a0 = 0'), true);
  });

  it('a step whose claims cannot be kept (a full disk) runs without one and says so in a warning', async () => {
    const full: WriteClaims = { claim: async () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })) };
    const deps = fakeRunDeps({ workspace: new NodeWorkspace(root), clock: nodeClock, claims: full });
    const report = await (await PlanRun.start(validPlan([edit('E1', 'a0 = 0', 'a0 = 1')]), { runId: 'run-a', options: runOptions() }, deps)).execute(liveSignal());
    assert.equal(report.status, 'succeeded');
    assert.deepEqual(deps.logger.warnings, ['step E1 runs without a claim on the files it writes (ENOSPC: no space left on device, write)']);
  });
});
