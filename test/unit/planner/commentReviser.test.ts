// Revising a plan from a comment: the patch the planner model answers is scoped to the step the comment is
// about (a patch touching another step is refused and asked again), done steps stay as they ran, a dropped
// step's dependents wait for what it waited for, and the review names what widens the approved scope.
import * as assert from 'node:assert/strict';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import type { ValidPlan } from '../../../src/core/plan/planSchema';
import type { StepStatus } from '../../../src/core/plan/stepStatus';
import { applyRevisionPatch, outsideStep, proposeRevision } from '../../../src/core/replanner/commentReviser';
import { buildRevisePrompt } from '../../../src/core/replanner/revisePrompt';
import { revisionDiffText } from '../../../src/core/view/revisionDiffText';
import { PlannerError } from '../../../src/core/planner/plannerError';
import { ScriptedChatModel } from '../support/fakePorts';

function plan(): ValidPlan {
  const verdict = validatePlan({
    version: 1,
    goal: 'Add a --verbose flag',
    steps: [
      { id: 'E1', title: 'Read the CLI', tool: 'readFile', args: { path: 'src/cli.ts' } },
      { id: 'E2', title: 'Parse the flag', tool: 'editFile', args: { path: 'src/cli.ts', edits: [{ find: 'argv', replace: 'parseArgs(argv)' }] }, postcondition: { kind: 'fileContains', path: 'src/cli.ts', text: 'parseArgs' }, dependsOn: ['E1'] },
      { id: 'E3', title: 'Note it in README', tool: 'appendFile', args: { path: 'README.md', content: 'Use --verbose.\n' }, postcondition: { kind: 'fileContains', path: 'README.md', text: 'Use --verbose.' }, dependsOn: ['E2'] },
      { id: 'E4', title: 'Test', tool: 'runCommand', args: { command: 'npm test' }, postcondition: { kind: 'exitCode', equals: 0 }, dependsOn: ['E3'] },
    ],
  });
  assert.ok(verdict.ok);
  return verdict.plan;
}

const NONE: ReadonlyMap<string, StepStatus> = new Map();
const signal = new AbortController().signal;
const YARGS = 'replace E2 editFile {"path": "src/cli.ts", "edits": [{"find": "argv", "replace": "yargs(argv)"}]}\nadd E5 after E2 runCommand {"command": "npm install yargs"}';

describe('proposeRevision', () => {
  it('revises the step a comment is about into a scoped patch, and the review flags the new command', async () => {
    const model = new ScriptedChatModel([YARGS]);
    const proposed = await proposeRevision(model, { plan: plan(), statuses: NONE, stepId: 'E2', comment: 'use yargs for the flag' }, signal);
    assert.deepEqual(proposed.patch.map((op) => op.op), ['replace', 'add']);
    assert.deepEqual(proposed.review.diff.added.map((step) => step.id), ['E5']);
    // E3 and E4 only wait for the new step too (the patch's file hazards): their order changed, nothing else.
    assert.deepEqual(proposed.review.diff.changed.map((change) => [change.id, change.fields.includes('args')]), [['E2', true], ['E3', false], ['E4', false]]);
    assert.deepEqual(proposed.review.widened, { files: [], commands: ['npm install yargs'] });
    assert.deepEqual(proposed.review.wideningSteps, ['E5']);
    const text = revisionDiffText(proposed.review, plan(), proposed.plan);
    assert.match(text, /\*\*Widens the approved scope\*\*: it runs "npm install yargs"/);
    assert.match(text, /\*\*Changed\*\*\n- 2 editFile src\/cli\.ts \(E2\): title, args, postcondition\n/);
    const prompt = String(model.requests[0]!.messages.at(-1)!.content);
    assert.match(prompt, /Comment on E2: use yargs for the flag\nChange only E2/);
  });

  it('refuses a patch that touches a step outside the one commented on, and takes the corrected one', async () => {
    const model = new ScriptedChatModel(['drop E3\n' + YARGS, YARGS]);
    const proposed = await proposeRevision(model, { plan: plan(), statuses: NONE, stepId: 'E2', comment: 'use yargs for the flag' }, signal);
    assert.equal(model.requests.length, 2);
    assert.match(String(model.requests[1]!.messages.at(-1)!.content), /the comment is about E2, so drop E3 is refused/);
    assert.deepEqual(proposed.review.diff.removed, []);
  });

  it('fails with the problems when both replies leave the step', async () => {
    const model = new ScriptedChatModel(['drop E3', 'drop E4']);
    await assert.rejects(proposeRevision(model, { plan: plan(), statuses: NONE, stepId: 'E2', comment: 'x' }, signal), (error: unknown) => error instanceof PlannerError && /drop E4 is refused/.test(error.message));
  });

  it('revises the whole plan, dropping a step so its dependents wait for what it waited for', async () => {
    const model = new ScriptedChatModel(['drop E3']);
    const proposed = await proposeRevision(model, { plan: plan(), statuses: NONE, comment: "don't touch README" }, signal);
    assert.deepEqual(proposed.review.diff.removed.map((step) => step.id), ['E3']);
    assert.deepEqual(proposed.plan.steps.find((step) => step.id === 'E4')?.dependsOn, ['E2']);
    assert.equal(proposed.review.scope.files.includes('README.md'), false);
    assert.equal(proposed.review.wideningSteps.length, 0);
  });
});

describe('a revision of a waiting run', () => {
  const done = new Map<string, StepStatus>([['E1', 'succeeded'], ['E2', 'succeeded'], ['E3', 'awaitingApproval']]);

  it('marks done steps frozen in the prompt and refuses to change them', () => {
    const prompt = String(buildRevisePrompt({ plan: plan(), statuses: done, comment: 'x' }).at(-1)!.content);
    assert.match(prompt, /^E2 editFile .*\(succeeded: frozen\)$/m);
    assert.match(prompt, /^E3 appendFile .*README\.md[^\n]*[^)]$/m);
    const verdict = applyRevisionPatch({ plan: plan(), statuses: done }, [{ op: 'drop', id: 'E2' }]);
    assert.equal(verdict.ok, false);
  });

  it('revises a pending step', () => {
    const verdict = applyRevisionPatch({ plan: plan(), statuses: done }, [{ op: 'drop', id: 'E3' }]);
    assert.ok(verdict.ok);
    assert.deepEqual(verdict.plan.steps.map((step) => step.id), ['E1', 'E2', 'E4']);
  });
});

describe('outsideStep', () => {
  it('lets a patch add steps and change only its step', () => {
    assert.deepEqual(outsideStep([{ op: 'replace', id: 'E2', step: plan().steps[1]! }, { op: 'drop', id: 'E2' }], 'E2'), []);
    assert.equal(outsideStep([{ op: 'replace', id: 'E3', step: plan().steps[2]! }], 'E2').length, 1);
  });
});
