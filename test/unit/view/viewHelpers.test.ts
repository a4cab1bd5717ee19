// The small pure pieces behind the editor surface: which rows changed, the approval prompt's words, the status bar's progress text (its tokens counting sub-plans') and when the view shows the run working, Markdown escaping, and the contextValue grammar.
import * as assert from 'node:assert/strict';
import type { ApprovalRequest } from '../../../src/core/ports';
import { englishText } from '../../../src/core/text/englishText';
import { approvalSummary, previewEarlierNames, previewStepName } from '../../../src/core/view/approvalPrompt';
import { codeBlock, escapeMarkdown, inlineCode } from '../../../src/core/view/markdownText';
import { planTreeModel } from '../../../src/core/view/planTreeModel';
import { formatTokens, progressText, showsRunWorking, stepProgress, withChildUsage } from '../../../src/core/view/runProgress';
import { planContextValue, stepContextValue, whenStepHasFlag, whenStepIs } from '../../../src/core/view/stepContextValue';
import { treeChanges } from '../../../src/core/view/treeChanges';
import { runView, stepRun, threeSteps } from './viewFixtures';

const plan = threeSteps();

function request(tool: string, preview: ApprovalRequest['preview']): ApprovalRequest {
  return { stepId: 'E2', title: 'Change it', tool, args: {}, reason: 'r', preview };
}

describe('treeChanges', () => {
  it('reports nothing for equal models and the whole tree when the top-level rows differ', () => {
    const a = planTreeModel(englishText, { plan, source: 'a' });
    assert.deepEqual(treeChanges(a, planTreeModel(englishText, { plan, source: 'a' })), { all: false, ids: [] });
    assert.deepEqual(treeChanges(a, planTreeModel(englishText, { plan, source: 'b' })), { all: true });
    assert.deepEqual(treeChanges(a, []), { all: true });
  });

  it('refreshes the parent when its list of children changes (a step added or moved)', () => {
    const independent = { ...plan, steps: plan.steps.map(({ dependsOn: _after, ...step }) => step) };
    const a = planTreeModel(englishText, { plan: independent, source: 'a' });
    const moved = planTreeModel(englishText, { plan: { ...independent, steps: [independent.steps[1]!, independent.steps[0]!, independent.steps[2]!] }, source: 'a' });
    assert.deepEqual(treeChanges(a, moved), { all: false, ids: ['plan:a'] });
  });

  it('refreshes a step whose children changed, not its siblings', () => {
    const before = planTreeModel(englishText, { plan, source: 'a', run: runView(plan, { E2: stepRun('running') }), executing: true });
    const after = planTreeModel(englishText, { plan, source: 'a', run: runView(plan, { E2: stepRun('running', { output: { text: 'x' } }) }), executing: true });
    assert.deepEqual(treeChanges(before, after), { all: false, ids: ['plan:a/step:E2'] });
  });
});

describe('approval prompts', () => {
  it('says exactly what approving does', () => {
    assert.equal(approvalSummary(englishText, request('runCommand', { kind: 'command', command: 'npm test', cwd: '.' })), 'runs `npm test` in the workspace folder');
    assert.equal(approvalSummary(englishText, request('runCommand', { kind: 'command', command: 'make', cwd: 'pkg' })), 'runs `make` in pkg');
    assert.equal(
      approvalSummary(englishText, request('renameFile', { kind: 'fileChanges', changes: [{ path: 'a', before: 'x', after: null }, { path: 'b', before: null, after: 'x' }] })),
      'deletes a, creates b',
    );
    assert.equal(approvalSummary(englishText, request('editFile', { kind: 'fileChanges', changes: [{ path: 'a', before: 'x', after: 'y' }] })), 'changes a');
  });

  it('names the previewed step as the tree numbers it, and a step the plan does not number by its title', () => {
    assert.equal(previewStepName(plan, { stepId: 'E2', title: 'Add the flag' }), '2 Add the flag');
    assert.equal(previewStepName(plan, { stepId: 'E3/E1', title: 'Write the child note' }), 'Write the child note', "a sub-plan's E1 is not the plan's E1");
    assert.equal(previewStepName(undefined, { stepId: 'E2', title: 'Add the flag' }), 'Add the flag');
  });

  it('names the earlier steps a diff builds on, a sub-plan step\'s by their paths', () => {
    assert.equal(previewEarlierNames(plan, { stepId: 'E3' }, ['E1', 'E2']), '1 Read the CLI entry point, 2 Add the flag');
    assert.equal(previewEarlierNames(plan, { stepId: 'E3/E2' }, ['E1']), 'E3/E1');
  });
});

describe('run progress', () => {
  it('counts done and running steps and says "step k of n" with the tokens so far', () => {
    const run = runView(plan, { E1: stepRun('succeeded'), E2: stepRun('running') }, {
      usage: [{ phase: 'plan', usage: { role: 'planner', model: 'm', promptTokens: 1_000, completionTokens: 234, cachedTokens: 0, estimated: false, ms: 1 } }],
    });
    assert.deepEqual(stepProgress(run), { done: 1, running: 1, total: 3 });
    assert.equal(progressText(englishText, run), 'step 2 of 3 · 1,234 tokens');
    assert.equal(progressText(englishText, runView(plan)), 'step 1 of 3');
    const done = runView(plan, { E1: stepRun('succeeded'), E2: stepRun('succeeded'), E3: stepRun('skipped') });
    assert.equal(progressText(englishText, done), 'step 3 of 3');
  });

  it('counts the tokens of the run’s sub-plans in its total', () => {
    const call = (tokens: number) => ({ phase: 'plan' as const, usage: { role: 'planner', model: 'm', promptTokens: tokens, completionTokens: 0, cachedTokens: 0, estimated: false, ms: 1 } });
    const run = runView(plan, {}, { usage: [call(1_000)] });
    assert.equal(progressText(englishText, withChildUsage(run, [{ usage: [call(200)] }, { usage: [call(34), call(0)] }])), 'step 1 of 3 · 1,234 tokens');
    assert.equal(withChildUsage(run, []), run);
  });

  it('shortens big token counts', () => {
    assert.deepEqual([999, 12_345, 2_500_000].map(formatTokens), ['999', '12.3k', '2.5M']);
  });

  it('shows the run working only while it executes and no step waits for the user, whose count the badge then shows', () => {
    assert.equal(showsRunWorking(true, 0), true);
    assert.equal(showsRunWorking(true, 1), false);
    assert.equal(showsRunWorking(false, 0), false);
    assert.equal(showsRunWorking(false, 2), false);
  });
});

describe('Markdown text', () => {
  it('escapes what Markdown or a theme icon would interpret, and list markers at a line start only', () => {
    assert.equal(escapeMarkdown('a *b* [c](d) $(x) <e>'), 'a \\*b\\* \\[c\\](d) \\$(x) \\<e\\>');
    assert.equal(escapeMarkdown('- item\n1. two\nv1.2-beta'), '\\- item\n\\1. two\nv1.2-beta');
  });

  it('fences code so nothing inside can close the block', () => {
    assert.equal(codeBlock('x', 'json'), '```json\nx\n```');
    assert.equal(codeBlock('a ```` b'), '`````\na ```` b\n`````');
    assert.equal(inlineCode('a`b'), '``a`b``');
  });
});

describe('the contextValue grammar', () => {
  it('puts the status first and the flags after it in a fixed order', () => {
    assert.equal(stepContextValue('failed', { undoable: true, retryable: true, editable: true }), 'step:failed:editable:retryable:undoable');
    assert.equal(stepContextValue('pending'), 'step:pending');
    assert.equal(planContextValue('idle'), 'plan:idle');
  });

  it('builds when clauses whose anchored regexes match exactly the rows meant', () => {
    const regex = (when: string) => new RegExp(/=~ \/(.*)\/$/.exec(when)![1]!);
    const retryable = regex(whenStepHasFlag('retryable'));
    assert.ok(retryable.test('step:failed:editable:retryable:skippable'));
    assert.ok(retryable.test('step:skipped:retryable'));
    assert.ok(!retryable.test('step:failed:editable'));
    assert.ok(!retryable.test('plan:failed:retryable'));
    const waiting = regex(whenStepIs('awaitingApproval'));
    assert.ok(waiting.test('step:awaitingApproval:diff:editable'));
    assert.ok(waiting.test('step:awaitingApproval'));
    assert.ok(!waiting.test('step:awaitingApprovalX'));
  });
});
