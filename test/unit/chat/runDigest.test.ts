import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { nextActions } from '../../../src/core/chat/chatFollowups';
import { runDigest, statusText, stepToExplain, trimReport, whyText, DIGEST_LIMITS, type ChatRunView } from '../../../src/core/chat/runDigest';
import { LM_TOOLS, planFromToolInput, toolInputJsonSchema } from '../../../src/core/chat/toolInputs';
import { problemsText, proposeConfirmation, runConfirmation } from '../../../src/core/chat/toolMessages';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import type { RunState, StepRun } from '../../../src/core/run/runState';
import type { RunReport } from '../../../src/core/run/runSummary';
import type { ValidPlan } from '../../../src/core/plan/planSchema';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { englishText } from '../../../src/core/text/englishText';
import { examplePlan } from '../plan/planFixtures';

function validExample(): ValidPlan {
  const verdict = validatePlan(examplePlan());
  if (!verdict.ok) throw new Error('the example plan is valid');
  return verdict.plan;
}

function stepRun(status: StepRun['status'], extra: Partial<StepRun> = {}): StepRun {
  return { status, attempts: 1, revision: 1, retriedAfterSettle: false, ...extra };
}

/** The example after E1 succeeded and E2 failed its postcondition. */
function failedView(): ChatRunView {
  const plan = validExample();
  const state: RunState = {
    runId: 'r1',
    startedAt: 0,
    options: DEFAULT_RUN_OPTIONS,
    plan,
    revision: 1,
    status: 'needsReplan',
    statusReason: 'E2 failed: postcondition failed',
    steps: new Map([
      ['E1', stepRun('succeeded', { output: { text: 'const flags = [];' } })],
      ['E2', stepRun('failed', {
        failure: { kind: 'definite', reason: 'postcondition', message: 'postcondition failed: src/cli.ts does not contain "--verbose"', outputTail: `${'noise\n'.repeat(1_000)}the last line` },
        checkDetail: 'src/cli.ts does not contain "--verbose"',
      })],
      ['E3', stepRun('invalidated', { attempts: 0 })],
    ]),
    replaced: [],
    replanReasons: ['E2 failed: postcondition failed'],
    usage: [],
  };
  return { plan, state, executing: false, waiting: [] };
}

describe('chat run texts', () => {
  it('say when no plan is open, and offer to plan one', () => {
    const view: ChatRunView = { plan: undefined, state: undefined, executing: false, waiting: [] };
    assert.match(statusText(englishText, view), /No plan is open/);
    assert.deepEqual(nextActions(englishText, view).map((action) => action.command), ['plan']);
  });

  it('give a plan that has not run as pending steps and offer to run it', () => {
    const view: ChatRunView = { plan: examplePlan(), state: undefined, executing: false, waiting: [] };
    assert.match(statusText(englishText, view), /^\*\*Add a --verbose flag to the CLI\*\*: not run yet\. 3 steps pending\./);
    assert.equal(whyText(englishText, view, stepToExplain(view, '')), 'The plan has not run yet, so no step has failed.');
    assert.deepEqual(nextActions(englishText, view).map((action) => action.command), ['run']);
  });

  it('state the run\'s status with its reason and each step with its error', () => {
    const text = statusText(englishText, failedView());
    assert.match(text, /: needs a re-plan \(E2 failed: postcondition failed\), revision 1\. 1 step succeeded, 1 step failed, 1 step invalidated\./);
    assert.match(text, /- E2 Add the flag — failed: postcondition failed: src\/cli\.ts does not contain "--verbose"/);
  });

  it('explain the first failed step from its evidence, with the output cut to its tail', () => {
    const view = failedView();
    assert.equal(stepToExplain(view, ''), 'E2');
    assert.equal(stepToExplain(view, 'e3 please'), 'E3');
    assert.equal(stepToExplain(view, 'E9'), undefined);
    const why = whyText(englishText, view, 'E2');
    assert.match(why, /\*\*E2\*\* Add the flag: failed after 1 attempt\./);
    assert.match(why, /Error \(definite, postcondition\)/);
    assert.match(why, /the last line\n```/);
    assert.ok(why.length < DIGEST_LIMITS.outputTailChars + 1_000, 'the output is a tail');
    assert.match(why, /only the postcondition did not hold/);
    assert.match(whyText(englishText, view, 'E7'), /The plan has no step E7: its steps are E1, E2, E3\./);
  });

  it('digest the run for a model with its re-plans and the evidence of every broken step', () => {
    const digest = runDigest(failedView());
    assert.match(digest, /Re-plans:\n- E2 failed/);
    assert.match(digest, /\*\*E2\*\* Add the flag: failed/);
    assert.deepEqual(nextActions(englishText, failedView()).map((action) => action.command), ['why', 'run']);
  });

  it('trim a run report to fit an agent\'s context, keeping its shape', () => {
    const report: RunReport = {
      runId: 'r1',
      mode: 'plan',
      status: 'failed',
      revision: 2,
      replans: 1,
      steps: [{ id: 'E1', tool: 'runCommand', status: 'failed', attempts: 1, revision: 1, error: 'x'.repeat(5_000) }],
      replaced: [],
      waitingForApproval: [],
      usage: {} as RunReport['usage'],
      summary: 'y'.repeat(10_000),
    };
    const trimmed = trimReport(report);
    assert.equal(trimmed.steps[0]!.error!.length, DIGEST_LIMITS.errorChars);
    assert.equal(trimmed.summary.length, DIGEST_LIMITS.summaryChars);
    assert.equal(trimmed.runId, 'r1');
  });
});

describe('language model tool messages', () => {
  it('confirm a run naming the plan, its size, the folder and that approvals still apply', () => {
    assert.deepEqual(runConfirmation(englishText, examplePlan(), 'demo-workspace', false), {
      title: 'Run the Planwright plan?',
      message: 'Runs the plan "Add a --verbose flag to the CLI" (3 steps) in demo-workspace. Steps that change files or run commands still wait for your approval in the Planwright view, as your settings say.',
    });
    assert.match(runConfirmation(englishText, examplePlan(), 'w', true).message, /^Resumes the run of the plan/);
  });

  it('confirm a proposal only when it replaces an open plan', () => {
    assert.equal(proposeConfirmation(englishText, undefined, false, { goal: 'g', steps: 1 }), undefined);
    assert.equal(
      proposeConfirmation(englishText, examplePlan(), true, { goal: 'Fix it', steps: 1 })?.message,
      'Replaces the plan "Add a --verbose flag to the CLI" and forgets its run with the proposed plan "Fix it" (1 step) in the Planwright view. Nothing runs.',
    );
  });

  it('read a plan handed over as an object or as JSON text, and list its problems', () => {
    assert.deepEqual(planFromToolInput({ plan: '{"version":1}' }), { ok: true, plan: { version: 1 } });
    assert.equal(planFromToolInput({ plan: '{' }).ok, false);
    assert.equal(planFromToolInput({}).ok, false);
    const verdict = validatePlan({ version: 1, goal: 'g', steps: [{ id: 'E1', title: 't', tool: 'nope', args: {} }] });
    assert.ok(!verdict.ok);
    assert.match(problemsText(verdict.problems), /^The plan is not valid \(1 problem\):\n- E1\.tool: /);
  });

  it('declare in package.json exactly the input schemas generated from their zod schemas', () => {
    const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../package.json'), 'utf8')) as { contributes: { languageModelTools: { name: string; toolReferenceName: string; inputSchema: unknown }[] } };
    const declared = manifest.contributes.languageModelTools;
    assert.deepEqual(declared.map((tool) => tool.name), Object.values(LM_TOOLS).map((tool) => tool.name));
    for (const tool of Object.values(LM_TOOLS)) {
      const entry = declared.find((candidate) => candidate.name === tool.name)!;
      assert.equal(entry.toolReferenceName, tool.reference);
      assert.deepEqual(entry.inputSchema, toolInputJsonSchema(tool.input), tool.name);
    }
  });
});
