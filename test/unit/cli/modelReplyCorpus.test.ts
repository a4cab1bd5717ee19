// A seeded corpus of malformed model replies run against the real `planwright` (the bundled dist/cli.js)
// and a scripted OpenAI-compatible endpoint on 127.0.0.1: the planner's reply to `run --goal` (and to
// `plan`), the re-planner's patch after a failed step, the worker's answer for proposeEdit and generate.
// Each run ends (a reply that never ends is cut short by SIGINT) with exit 1 and an error naming what
// was wrong, no stack trace; nothing outside the workspace changes; the non-idempotent first step ran at
// most once, as the report says; the journal replays to the report, and `resume` (no model) ends the
// same way without running that step again. PLANWRIGHT_MUTATION_SEED picks another corpus.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { JsonlRecordLog } from '../../../src/node/jsonlRecordLog';
import { budgetMs, waitUntil } from '../../../scripts/testing/timeBudget';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { assertClear, bundleCli, checkEach, readable, runCliProcess, startCli, type Ended } from '../support/cliProcess';
import { replyCases, stagePlan, type ReplyCase } from '../support/modelReplyCases';
import { seeded } from '../support/planMutations';
import { captureListing, makeTempDir, removeTempDir } from '../support/tempDir';

const SEED = Number(process.env.PLANWRIGHT_MUTATION_SEED ?? 20_614);
/** Cases run side by side. */
const PARALLEL = 4;
/** Planner cases also run through `planwright plan`. */
const PLANNED = 3;
const GOAL = 'Count, then read the name';
const JOURNAL = path.join('ws', '.planwright', 'runs', 'corpus.journal.jsonl');

interface Report {
  status: string;
  reason?: string;
  steps?: { id: string; tool: string; status: string; attempts: number }[];
}

/** Everything beside the workspace, which nothing may change, listed with sizes and modification times. */
function outsideTree(dir: string): Promise<Record<string, string>> {
  return captureListing(dir, (entry) => entry === 'ws');
}

/** A workspace with a name in it, a secret beside it, and the plan file for a plan run. */
async function setUp(dir: string, reply: ReplyCase): Promise<void> {
  await mkdir(path.join(dir, 'ws'));
  await mkdir(path.join(dir, 'outside'));
  await writeFile(path.join(dir, 'ws', 'name.txt'), 'Ada');
  await writeFile(path.join(dir, 'outside', 'secret.txt'), 'secret');
  if (reply.stage !== 'planner') await writeFile(path.join(dir, 'p.plan.json'), JSON.stringify(stagePlan(reply.stage, reply.workerTool)));
}

/** The model endpoint: the case's stage gets the malformed reply; any other call is refused, naming it. */
function endpoint(reply: ReplyCase): Promise<ScriptedModelServer> {
  const model = reply.stage === 'worker' ? 'worker' : 'planner';
  return ScriptedModelServer.start((body: { model?: string }) => (body.model === model ? reply.reply : { status: 400, message: `this case scripts no reply for ${String(body.model)}` }));
}

const modelEnv = (server: ScriptedModelServer) => ({ PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_PLANNER_MODEL: 'planner', PLANWRIGHT_WORKER_MODEL: 'worker' });

/** How many times the counted command ran. */
async function counted(dir: string): Promise<number> {
  const text = await readFile(path.join(dir, 'ws', 'count.txt'), 'utf8').catch(() => '');
  return text.split('\n').filter((line) => line === 'ran').length;
}

/** Whether the journal, as far as it is written, holds E1's success. */
async function firstStepSucceeded(journal: string): Promise<boolean> {
  const lines = (await readFile(journal, 'utf8').catch(() => '')).split('\n');
  return lines.some((line) => {
    try {
      const record = JSON.parse(line) as { type?: string; stepId?: string; to?: string };
      return record.type === 'step' && record.stepId === 'E1' && record.to === 'succeeded';
    } catch {
      return false;
    }
  });
}

/** Runs the case's stage, interrupting a reply that never ends once the run got that far. */
async function runStage(dir: string, reply: ReplyCase, server: ScriptedModelServer): Promise<Ended> {
  const what = reply.stage === 'planner' ? ['--goal', GOAL] : ['p.plan.json'];
  const limits = reply.stage === 'worker' ? ['--max-replans', '0'] : [];
  const started = startCli(['run', ...what, '--workspace', 'ws', '--approve', 'all', '--journal', JOURNAL, '--json', ...limits], dir, { env: modelEnv(server) });
  if (reply.interruptAfter) {
    const reached = reply.interruptAfter === 'request' ? () => server.requests.length > 0 : () => firstStepSucceeded(path.join(dir, JOURNAL));
    await waitUntil(`${reply.name}: the run to reach the model call`, reached, { nominalMs: 30_000 });
    started.child.kill('SIGINT');
  }
  return started.ended;
}

/** The report of a run or resume that ended with exit 1 and a clear error. */
function failedReport(ended: Ended, where: string): Report {
  assert.ok(!ended.hung, `${where}: hung`);
  assertClear(readable(ended), where);
  assert.equal(ended.code, 1, `${where}\n${ended.stderr}`);
  return JSON.parse(ended.stdout) as Report;
}

/**
 * How often the counted command may have run by the report: once if E1 succeeded, never if it did not
 * start, and once or never if it was stopped or failed on the way.
 */
function countsAllowed(report: Report): readonly number[] {
  const first = report.steps?.find((step) => step.id === 'E1' && step.tool === 'runCommand');
  if (first?.status === 'succeeded') return [1];
  return first && first.attempts > 0 ? [0, 1] : [0];
}

async function checkRun(reply: ReplyCase): Promise<void> {
  const name = `${reply.stage}: ${reply.name} (seed ${SEED})`;
  const dir = await makeTempDir();
  const server = await endpoint(reply);
  try {
    await setUp(dir, reply);
    const outside = await outsideTree(dir);
    const report = failedReport(await runStage(dir, reply, server), name);
    assert.equal(report.status, reply.status, `${name}: ${report.reason}`);
    assert.match(report.reason ?? '', reply.says, `${name}: the reason names what was wrong: ${report.reason}`);
    const ran = await counted(dir);
    assert.ok(countsAllowed(report).includes(ran), `${name}: the counted command ran ${ran} times, and E1 is ${JSON.stringify(report.steps?.[0])}`);
    assert.deepEqual(await outsideTree(dir), outside, `${name}: nothing written outside the workspace`);
    const journal = path.join(dir, JOURNAL);
    if (!reply.journalled) {
      assert.match(report.reason ?? '', /nothing was run/, `${name}: says that nothing ran`);
      assert.equal(await readFile(journal, 'utf8').catch(() => 'none'), 'none', `${name}: no journal when nothing ran`);
      return;
    }
    const replayed = await loadRunState(new JsonlRecordLog(journal, true), () => assert.fail(`${name}: the journal has a torn line`));
    assert.equal(replayed.status, report.status, `${name}: the journal replays to the reported outcome`);
    assert.deepEqual([...replayed.steps].map(([id, step]) => `${id}:${step.status}`), (report.steps ?? []).map((step) => `${step.id}:${step.status}`), `${name}: journal`);

    const resumed = failedReport(await runCliProcess(['resume', '--journal', journal, '--json'], dir), `${name}: resume`);
    assert.ok(['needsReplan', 'failed'].includes(resumed.status), `${name}: resume ended ${resumed.status}: ${resumed.reason}`);
    assert.ok((resumed.reason ?? '').length > 0, `${name}: resume says why it stopped`);
    assert.equal(await counted(dir), ran, `${name}: resume did not run the counted command again`);
    assert.deepEqual(await outsideTree(dir), outside, `${name}: resume wrote nothing outside the workspace`);
  } finally {
    await server.close();
    await removeTempDir(dir);
  }
}

/** `planwright plan` on the same reply: exit 1, the same error after its repair turn, nothing written. */
async function checkPlan(reply: ReplyCase): Promise<void> {
  const name = `plan: ${reply.name} (seed ${SEED})`;
  const dir = await makeTempDir();
  const server = await endpoint(reply);
  try {
    await setUp(dir, reply);
    const before = await captureListing(dir);
    const ended = await runCliProcess(['plan', GOAL, '--workspace', 'ws'], dir, { env: modelEnv(server) });
    assert.ok(!ended.hung, `${name}: hung`);
    assertClear(readable(ended), name);
    assert.equal(ended.code, 1, `${name}\n${ended.stderr}`);
    const error = ended.stderr.slice(ended.stderr.indexOf('planwright plan: '));
    assert.match(error, /^planwright plan: planning failed: /, name);
    assert.match(error, reply.says, `${name}: names what was wrong`);
    assert.deepEqual(await captureListing(dir), before, `${name}: nothing written`);
  } finally {
    await server.close();
    await removeTempDir(dir);
  }
}

(process.platform === 'win32' ? describe.skip : describe)('planwright against a seeded corpus of malformed model replies', function () {
  this.timeout(budgetMs(240_000));

  before(function () {
    this.timeout(budgetMs(120_000));
    bundleCli();
  });

  const corpus = replyCases(SEED);

  it(`run --goal, a re-plan and the worker end every malformed reply with a clear error, nothing repeated or lost (seed ${SEED})`, async () => {
    await checkEach(corpus, PARALLEL, checkRun);
  });

  it(`plan ends malformed planner replies with the same clear error after its repair turn (seed ${SEED})`, async () => {
    const random = seeded(SEED);
    const planned = corpus.filter((reply) => reply.stage === 'planner' && !reply.interruptAfter && !('cutAfterChunks' in reply.reply));
    const sample = Array.from({ length: PLANNED }, () => planned.splice(random(planned.length), 1)[0]!);
    await checkEach(sample, PLANNED, checkPlan);
  });
});
