// Proves the editor's words in src/core/view come through the Localize port: each view is built with a fake that
// brackets the literal text of every message (⟦Error: ⟧zonk⟦⟧), and whatever is left outside the brackets must be
// the fixture's own data (titles, ids, paths, tool names, messages) — never an English word the port did not see.
// The data is made-up words, so an English fragment that skipped the port cannot hide among it.
import * as assert from 'node:assert/strict';
import type { Check } from '../../../src/core/checks/checkSchema';
import { describeCheck } from '../../../src/core/plan/describeCheck';
import type { Step, ValidPlan } from '../../../src/core/plan/planSchema';
import { renderPlanMarkdown } from '../../../src/core/plan/renderPlanMarkdown';
import type { ApprovalRequest } from '../../../src/core/ports';
import type { ReplacedStep } from '../../../src/core/run/runState';
import { childRunIdOf } from '../../../src/core/run/childRunIds';
import { planTreeModel } from '../../../src/core/view/planTreeModel';
import type { ChildRunView, PlanTreeNode } from '../../../src/core/view/planTreeNode';
import { reasonHeadline } from '../../../src/core/view/reasonHeadline';
import { runEndNotices, runEndText } from '../../../src/core/view/runEndNotices';
import { progressText } from '../../../src/core/view/runProgress';
import { statusBarText, statusBarTooltip } from '../../../src/core/view/statusBarText';
import type { PlanRowStatus } from '../../../src/core/view/stepContextValue';
import { traceTimeline } from '../../../src/core/view/traceTimeline';
import { bracketed, unlocalized, words } from '../support/bracketedText';
import { validPlan } from '../support/executorFakes';
import { writeStep } from '../support/subplanFakes';
import { runView, stepRun } from './viewFixtures';

/** `where: words` for each text of `nodes` (and their children) that holds a word the port did not see. */
function leaks(nodes: readonly PlanTreeNode[], data: ReadonlySet<string>): string[] {
  return nodes.flatMap((node) => [
    ...(['label', 'description', 'tooltip', 'accessibilityLabel'] as const).flatMap((field) => {
      const found = unlocalized(node[field], data);
      return found.length > 0 ? [`${node.id} ${field}: ${found.join(' ')}`] : [];
    }),
    ...leaks(node.children, data),
  ]);
}

const CHECKS: readonly Check[] = [
  { kind: 'fileContains', path: 'qux/zib.ts', text: 'yy' },
  { kind: 'fileExists', path: 'qux/zib.ts' },
  { kind: 'outputContains', text: 'zok' },
  { kind: 'fileExists', path: 'zub/za.ts' },
];
const BUDGET = { steps: 1, replans: 2, tokens: 20_000 };
const SUBPLAN_ARGS = { goal: 'Zorblax epsilon', scope: ['zub/za.ts'], budget: BUDGET };

const plan: ValidPlan = validPlan(
  [
    { id: 'Z1', title: 'Zorblax alpha', tool: 'readFile', args: { path: 'qux/zib.ts' } },
    {
      id: 'Z2',
      title: 'Zorblax beta',
      tool: 'editFile',
      args: { path: 'qux/zib.ts', edits: [{ find: 'zz', replace: 'yy' }] },
      dependsOn: ['Z1'],
      precondition: CHECKS[1],
      postcondition: CHECKS[0],
    },
    { id: 'Z3', title: 'Zorblax gamma', tool: 'runCommand', args: { command: 'zap --quux', cwd: 'qux' }, dependsOn: ['Z2'], postcondition: CHECKS[2] },
    {
      id: 'Z4',
      title: 'Zorblax delta',
      tool: 'runCommand',
      args: { command: 'zap' },
      postcondition: CHECKS[2],
      idempotent: true,
      idempotencyKey: true,
      statusCheck: CHECKS[2],
      compensation: { tool: 'writeFile', args: { path: 'qux/zib.ts', content: 'za\nzb' } },
    },
    { id: 'Z5', title: 'Zorblax epsilon', tool: 'subplan', args: SUBPLAN_ARGS, postcondition: CHECKS[3] },
  ],
  { goal: 'Zorblax quux', revision: 1 },
);

const replaced: ReplacedStep[] = [
  { step: { id: 'Z6', title: 'Zorblax old', tool: 'readFile', args: { path: 'qux/zob.ts' } }, status: 'failed', replacedInRevision: 2, run: stepRun('failed', { failure: { kind: 'definite', reason: 'zreason', message: 'zonk' }, output: { text: 'zorp' } }) },
  { step: { id: 'Z7', title: 'Zorblax older', tool: 'readFile', args: { path: 'qux/zob.ts' } }, status: 'succeeded', replacedInRevision: 2, run: stepRun('succeeded', { attempts: 2 }) },
  { step: { id: 'Z8', title: 'Zorblax oldest', tool: 'readFile', args: { path: 'qux/zob.ts' } }, status: 'skipped', replacedInRevision: 3 },
];

const requests: ApprovalRequest[] = [
  { stepId: 'Z3', title: 'Zorblax gamma', tool: 'runCommand', args: { command: 'zap --quux', cwd: 'qux' }, reason: 'zeason', preview: { kind: 'command', command: 'zap --quux', cwd: 'qux' } },
  { stepId: 'Z4', title: 'Zorblax delta', tool: 'runCommand', args: { command: 'zap' }, reason: 'zeason', preview: { kind: 'command', command: 'zap', cwd: '.' } },
  {
    stepId: 'Z2',
    title: 'Zorblax beta',
    tool: 'editFile',
    args: {},
    reason: 'zeason',
    preview: { kind: 'fileChanges', changes: [{ path: 'qux/zib.ts', before: 'zz', after: 'yy' }, { path: 'qux/zab.ts', before: null, after: 'yy' }, { path: 'qux/zob.ts', before: 'zz', after: null }] },
  },
  { stepId: 'Z9', title: 'Zorblax stale', tool: 'editFile', args: {}, reason: 'zeason', preview: { kind: 'fileChanges', changes: [{ path: 'qux/zib.ts', before: 'zz', after: 'zz', problem: 'zib gone' }] } },
  { stepId: 'Z1', title: 'Zorblax alpha', tool: 'proposeEdit', args: {}, reason: 'zeason', preview: { kind: 'modelEdit', path: 'qux/zib.ts', instruction: 'zedit' } },
  { stepId: 'Z5', title: 'Zorblax epsilon', tool: 'zoolTool', args: {}, reason: 'zeason', preview: { kind: 'none' } },
];

const usage = (tokens: number) => [{ phase: 'plan' as const, usage: { role: 'planner', model: 'zmodel', promptTokens: tokens, completionTokens: 0, cachedTokens: 0, estimated: false, ms: 1 } }];
const childPlan = validPlan([writeStep('Z1', 'zub/za.ts', 'zz')], { goal: 'Zorblax epsilon' });
const child: ChildRunView = { ...runView(childPlan, { Z1: stepRun('failed') }, { status: 'needsReplan', usage: usage(1_234), replanReasons: ['zonk'] }), runId: childRunIdOf('run1', 'Z5', SUBPLAN_ARGS), startedAt: 1 };

const failure = { kind: 'definite' as const, reason: 'zreason', message: 'zonk', outputTail: 'zorp tail' };
const run = {
  ...runView(plan, {
    Z1: stepRun('succeeded', { output: { text: 'zorp' } }),
    Z2: stepRun('failed', { attempts: 2, failure, checkDetail: 'zib missing', reason: 'zonk reason' }),
    Z3: stepRun('awaitingApproval'),
    Z4: stepRun('running', { revision: 3, attempts: 3 }),
    Z5: stepRun('running'),
  }),
  runId: 'run1',
  revision: 3,
  replaced,
  replanReasons: ['1 Zorblax alpha failed: zonk', 'Zonk by hand'],
  recovering: { stepId: 'Z2', reason: 'zonk' },
  planOpen: true as const,
  usage: usage(20_000),
};

/** The fixture's data, which the views show as it is: nothing here is the editor's own English. */
const DATA = words(
  plan.goal,
  'plans/zorg.plan',
  ...plan.steps.flatMap((step: Step) => [step.id, step.title, step.tool, step.args, step.compensation ?? '']),
  ...CHECKS.map(describeCheck),
  ...replaced.flatMap((entry) => [entry.step.id, entry.step.title, entry.step.args]),
  ...requests.flatMap((request) => [request.title, request.tool, request.reason, request.preview]),
  ...run.replanReasons,
  childPlan.steps,
  ['zonk', 'zorp tail', 'zib missing', 'zonk reason', 'zop problem', 'zop one', 'zop two', 'zib gone'],
  // Markdown's own words: the languages of fenced code blocks.
  'json sh',
);

describe('the views speak through the Localize port', () => {
  it('finds a word that skipped the port, inside or beside a message', () => {
    const data = new Set(['Zorblax']);
    assert.deepEqual(unlocalized(bracketed.t('Plan: {0}, {1}', 'Zorblax', 'running'), data), ['running']);
    assert.deepEqual(unlocalized(`${bracketed.t('rev {0}', 2)} · unsaved`, data), ['unsaved']);
    assert.deepEqual(unlocalized(bracketed.t('Plan: {0}, {1}', 'Zorblax', bracketed.t('running')), data), []);
  });

  it('builds every label, description, tooltip and accessibility label of the tree from messages', () => {
    const problems = new Map([['', ['zop problem']], ['Z2', ['zop one']], ['Z4', ['zop one', 'zop two']]]);
    const single = validPlan([plan.steps[0]!], { goal: plan.goal, revision: 1 });
    const trees = [
      planTreeModel(bracketed, { plan, source: 'plans/zorg.plan', unsaved: true, problems }),
      planTreeModel(bracketed, { plan: single, source: 'plans/zorg.plan' }),
      planTreeModel(bracketed, {
        plan,
        source: 'plans/zorg.plan',
        run,
        executing: true,
        unsaved: true,
        problems,
        approvals: new Map([['Z3', 'command' as const]]),
        waiting: requests,
        children: new Map([[child.runId, child]]),
      }),
      planTreeModel(bracketed, { plan, source: 'plans/zorg.plan', run: { ...run, status: 'running' }, waiting: requests.slice(0, 1) }),
    ];
    const all = (nodes: readonly PlanTreeNode[]): PlanTreeNode[] => nodes.flatMap((node) => [node, ...all(node.children)]);
    const kinds = new Set(trees.flatMap((nodes) => all(nodes).map((node) => node.kind)));
    assert.deepEqual([...kinds].sort(), ['detail', 'group', 'plan', 'replaced', 'step', 'waiting', 'waitingStep'], 'the fixture reaches every kind of row');
    assert.deepEqual(trees.flatMap((nodes) => leaks(nodes, DATA)), []);
  });

  it('says statuses, progress and the status bar in messages', () => {
    const statuses: PlanRowStatus[] = ['idle', 'running', 'awaitingApproval', 'needsReplan', 'paused', 'succeeded', 'failed', 'cancelled'];
    const texts = [
      progressText(bracketed, run),
      progressText(bracketed, { ...run, usage: [] }),
      ...statuses.flatMap((status) => [0, 1, 2].flatMap((waiting) => [true, false].map((executing) => statusBarText(bracketed, status, waiting, executing, progressText(bracketed, run))))),
      ...statuses.flatMap((status) => [statusBarTooltip(bracketed, status, 'run1', undefined), statusBarTooltip(bracketed, status, 'run1', 'zonk')]),
    ];
    assert.deepEqual(texts.flatMap((text) => unlocalized(text, words('run1 zonk'))), []);
  });

  it('says how a run ended in messages, whatever the outcome, its files and its reason', () => {
    const reason = 'Zonk:\n- za\n- zb\n- zc';
    const texts = (['succeeded', 'failed', 'cancelled', 'needsReplan', 'paused', 'running', 'awaitingApproval'] as const).flatMap((status) =>
      [1, 3].flatMap((count) => {
        const files = { runId: 'run1', count, names: 'qux/zib.ts', files: [] };
        return runEndNotices(status, files).flatMap((notice) => [runEndText(bracketed, notice, { revision: 2 }), runEndText(bracketed, notice, { revision: 2, reason })]);
      }),
    );
    texts.push(reasonHeadline(bracketed, 'Zonk:\n- za\n- zb'), runEndText(bracketed, { kind: 'succeeded', where: 'notification', actions: [] }, { revision: 2 }));
    assert.deepEqual(texts.flatMap((text) => unlocalized(text, words('qux/zib.ts Zonk za zb zc'))), []);
  });

  it('writes the trace timeline in messages, the events’ own data aside', () => {
    const base = { runId: 'run1', stepId: 'Z2' };
    const events = [
      { ...base, type: 'intent', at: 1, tool: 'editFile', args: {}, attempt: 1 },
      { ...base, type: 'intent', at: 2, tool: 'editFile', args: {}, attempt: 2 },
      { ...base, type: 'result', at: 3, attempt: 1, ok: true, ms: 5 },
      { ...base, type: 'result', at: 4, attempt: 1, ok: false, ms: 5, failure: { kind: 'definite', reason: 'zreason', message: 'zonk' } },
      { ...base, type: 'result', at: 4, attempt: 1, ok: false, ms: 5 },
      { ...base, type: 'check', at: 5, role: 'postcondition', ok: true, detail: 'zib' },
      { ...base, type: 'check', at: 5, role: 'postcondition', ok: false, detail: 'zib' },
      { ...base, type: 'retry', at: 6, attempt: 2, delayMs: 1, reason: 'zonk' },
      { ...base, type: 'settle', at: 7, method: 'zmethod', outcome: 'zout', decision: 'zgo', reason: 'zonk' },
      { ...base, type: 'decision', at: 8, decision: 'zgo', reason: 'zonk' },
      { runId: 'run1', type: 'decision', at: 8, decision: 'zgo', reason: 'zonk' },
      { runId: 'run1', type: 'replan', at: 9, revision: 2, failedStepId: 'Z6', added: ['Z2'], removed: [], changed: [] },
      { runId: 'run1', type: 'replan', at: 9, revision: 3, added: [], removed: [], changed: [] },
      { ...base, type: 'stepArrived', at: 10, streamOffset: { chars: 1 } },
      { ...base, type: 'earlyStart', at: 11, streamOffset: { chars: 1 } },
      { runId: 'run1', type: 'llm', at: 12, role: 'planner', model: 'zmodel', promptTokens: 1, completionTokens: 2, cachedTokens: 0, estimated: false, ms: 3 },
      { ...base, stepId: 'Z6', type: 'intent', at: 13, tool: 'readFile', args: {}, attempt: 1 },
    ];
    const timeline = traceTimeline(bracketed, [...events, 'zjunk'], { title: 'Zorblax trace', startedAt: 0, steps: run });
    assert.equal(timeline.split('\n').filter((line) => line.startsWith('- ')).length, events.length, 'every event is a line');
    const empty = traceTimeline(bracketed, ['zjunk', 'zjunk'], { title: 'Zorblax trace' });
    const data = words(...DATA, 'Zorblax trace file qux jsonl editFile readFile postcondition zib zmethod zout zgo planner zmodel');
    assert.deepEqual([timeline, empty].flatMap((text) => unlocalized(text, data)), []);
  });

  it('writes a plan as Markdown in messages', () => {
    const markdown = [renderPlanMarkdown(bracketed, plan), renderPlanMarkdown(bracketed, validPlan([plan.steps[0]!], { goal: plan.goal }))];
    // A list argument is counted by its own name: `edits` with one item reads `1 edit`.
    assert.deepEqual(markdown.flatMap((text) => unlocalized(text, words(...DATA, 'edit'))), []);
  });
});
