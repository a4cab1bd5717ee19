// The repair turn of a streamed re-plan: the lines that applied stay applied (and may have run), so the
// repair prompt says which lines applied and which were held, quotes every problem, and takes an answer
// for the held part only — or the whole corrected patch, its applied lines restated, a held line restated
// under its own id. A run that still cannot recover says what ran. A seeded corpus of patches with one bad
// line among good ones, streamed and repaired, ends as the corrected patch sent whole would.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { Step } from '../../../src/core/plan/planSchema';
import type { ChatRequest } from '../../../src/core/ports';
import { ModelReplanner } from '../../../src/core/replanner/modelReplanner';
import { statusById } from '../../../src/core/run/runState';
import { fakeRunDeps, liveSignal, runOptions, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';
import { seeded } from '../support/planMutations';
import { StreamingChatModel } from '../support/streamingChatModel';

const command = (id: string, text: string, dependsOn: string[] = []): Step => ({ id, title: text, tool: 'runCommand', args: { command: text }, ...(dependsOn.length > 0 ? { dependsOn } : {}), postcondition: { kind: 'exitCode', equals: 0 } });

/** E1 `build` fails; E2 and E3 wait for it in a chain. */
const PLAN = [command('E1', 'build'), command('E2', 'test', ['E1']), command('E3', 'lint', ['E2'])];

async function recover(replies: string[], steps: readonly Step[] = PLAN) {
  const ran: string[] = [];
  const commands = new ScriptedCommandRunner((request) => {
    ran.push(request.command);
    return { exitCode: request.command === 'build' ? 1 : 0, output: `ran ${request.command}` };
  });
  const model = new StreamingChatModel([...replies]);
  const deps = fakeRunDeps({ workspace: new MemoryWorkspace(), commands, replanner: new ModelReplanner(model) });
  const run = await PlanRun.start(validPlan(steps), { runId: 'streamed-repair', options: runOptions({ maxReplans: 1 }) }, deps);
  const report = await run.execute(liveSignal());
  return { report, ran, model, run };
}

/** The last user message of a request: the repair turn's request for a corrected patch. */
const repairAsk = (request: ChatRequest | undefined): string => request?.messages[request.messages.length - 1]?.content ?? '';

describe('repairing a streamed re-plan', () => {
  const first = 'drop E1\ndrop E2\ndrop E3\nadd E4 after E2 runCommand {"command":"build --fixed"}\n';

  it('takes the whole corrected patch, its applied lines restated', async () => {
    const { report, ran, model } = await recover([first, 'drop E1\ndrop E2\ndrop E3\nadd E4 runCommand {"command":"build --fixed"}\n']);
    assert.equal(report.status, 'succeeded', report.reason);
    assert.deepEqual(ran, ['build', 'build --fixed']);
    const ask = repairAsk(model.requests[1]);
    assert.match(ask, /applied/i);
    assert.match(ask, /line 4/);
    assert.match(ask, /held/i);
  });

  it('takes lines for the held part only', async () => {
    const { report, ran } = await recover([first, 'add E4 runCommand {"command":"build --fixed"}\n']);
    assert.equal(report.status, 'succeeded', report.reason);
    assert.deepEqual(ran, ['build', 'build --fixed']);
  });

  it('quotes every problem of the reply and says which line applied; a second bad reply says what ran', async () => {
    const reply = 'replace E1 runCommand {"command":"build --fixed"}\nadd E4 after E9 runCommand {"command":"smoke"}\nfrobnicate E2\n';
    const { report, ran, model } = await recover([reply, 'add E4 after E9 runCommand {"command":"smoke"}\n']);
    const ask = repairAsk(model.requests[1]);
    assert.match(ask, /E9/, ask);
    assert.match(ask, /frobnicate/, ask);
    assert.match(ask, /line 1[^\n]*applied|applied[^\n]*line 1/i, ask);
    assert.notEqual(report.status, 'succeeded');
    assert.ok(ran.includes('build --fixed'), 'the applied line ran');
    assert.doesNotMatch(report.reason ?? '', /nothing was run/);
    assert.match(report.reason ?? '', /E1/);
  });
});

describe('a seeded corpus of streamed patches with one bad line, repaired', () => {
  /** Ways a line goes wrong, each with the line and its corrected form. */
  const defects: ((id: string, text: string) => { bad: string; good: string })[] = [
    (id, text) => ({ bad: `add ${id} after E99 runCommand {"command":"${text}"}`, good: `add ${id} runCommand {"command":"${text}"}` }),
    (id, text) => ({ bad: `add ${id} runCommnd {"command":"${text}"}`, good: `add ${id} runCommand {"command":"${text}"}` }),
    (id, text) => ({ bad: `add ${id} runCommand {"command":"${text}"`, good: `add ${id} runCommand {"command":"${text}"}` }),
    (id, text) => ({ bad: `ad ${id} runCommand {"command":"${text}"}`, good: `add ${id} runCommand {"command":"${text}"}` }),
  ];
  const SEED = Number(process.env.PLANWRIGHT_MUTATION_SEED ?? 3_404);
  const random = seeded(SEED);
  for (let index = 0; index < 12; index++) {
    const adds = 1 + random(4);
    const lines = ['replace E1 runCommand {"command":"build --fixed"}', ...Array.from({ length: adds }, (_, n) => `add E${4 + n} runCommand {"command":"step ${n}"}`)];
    const at = 1 + random(adds);
    const defect = defects[random(defects.length)]!(`E${3 + at}`, `step ${at - 1}`);
    const whole = random(2) === 0;
    const streamed = lines.map((line, n) => (n === at ? defect.bad : line));
    const corrected = lines.map((line, n) => (n === at ? defect.good : line));
    it(`case ${index} (seed ${SEED}): bad line ${at + 1} of ${lines.length}, repaired with ${whole ? 'the whole patch' : 'the held line'}`, async () => {
      const repaired = await recover([`${streamed.join('\n')}\n`, `${whole ? corrected.join('\n') : defect.good}\n`]);
      const direct = await recover([`${corrected.join('\n')}\n`]);
      assert.equal(repaired.report.status, 'succeeded', repaired.report.reason);
      assert.equal(direct.report.status, 'succeeded', direct.report.reason);
      assert.deepEqual([...repaired.ran].sort(), [...direct.ran].sort());
      assert.deepEqual(new Map([...statusById(repaired.run.current)].sort()), new Map([...statusById(direct.run.current)].sort()));
      assert.deepEqual(
        repaired.run.current.plan.steps.map((step) => step.args).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
        direct.run.current.plan.steps.map((step) => step.args).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      );
    });
  }
});
