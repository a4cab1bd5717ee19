// Proves what the chat shows a person comes through the Localize port: `/status`, `/why`, the follow-up labels and
// the tool confirmations are built with a fake that brackets every message, and whatever is left outside the
// brackets must be the fixture's own made-up data. The fixtures reach every message in src/core/chat, so a text
// that skips the port fails here. What a model or an agent reads (the digest, the problems list) stays English.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { nextActions } from '../../../src/core/chat/chatFollowups';
import { runDigest, statusText, whyText, type ChatRunView } from '../../../src/core/chat/runDigest';
import { problemsText, proposeConfirmation, runConfirmation } from '../../../src/core/chat/toolMessages';
import type { ValidPlan } from '../../../src/core/plan/planSchema';
import { StepStatusSchema } from '../../../src/core/plan/stepStatus';
import type { Localize } from '../../../src/core/ports';
import type { RunStatus } from '../../../src/core/run/journalRecords';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import type { RunState, StepRun } from '../../../src/core/run/runState';
import { englishText } from '../../../src/core/text/englishText';
import { bracketed, unlocalized, words } from '../support/bracketedText';
import { validPlan } from '../support/executorFakes';
import { stepRun } from '../view/viewFixtures';

const CHAT_SOURCES = path.resolve(__dirname, '../../../../src/core/chat');
const GOAL = 'Zorblax quux';

/** A plan of `count` made-up steps, Z1 … Z<count>. */
function zorbPlan(count: number): ValidPlan {
  return validPlan(Array.from({ length: count }, (_, index) => ({ id: `Z${index + 1}`, title: `Zorblax z${index + 1}`, tool: 'readFile', args: { path: 'qux/zib.ts' } })), { goal: GOAL, revision: 2 });
}

/** `plan` with a run in `status` whose steps are `runs` by id (pending otherwise). */
function ran(plan: ValidPlan, runs: Readonly<Record<string, StepRun>>, status: RunStatus, extra: Partial<RunState> & Partial<ChatRunView> = {}): ChatRunView {
  const { executing = false, waiting = [], ...state } = extra;
  const steps = new Map(plan.steps.map((step) => [step.id, runs[step.id] ?? stepRun('pending')]));
  return { plan, executing, waiting, state: { runId: 'run1', startedAt: 0, options: DEFAULT_RUN_OPTIONS, plan, revision: 2, status, steps, replaced: [], replanReasons: [], usage: [], ...state } };
}

const STATUSES = StepStatusSchema.options;
/** One step in each status, then two in each. */
const onePerStatus = zorbPlan(STATUSES.length);
const twoPerStatus = zorbPlan(STATUSES.length * 2);
const byStatus = (plan: ValidPlan): Record<string, StepRun> => Object.fromEntries(plan.steps.map((step, index) => [step.id, stepRun(STATUSES[index % STATUSES.length]!)]));

const failure = { kind: 'definite' as const, reason: 'postcondition', message: 'zonk', outputTail: 'zorp ztail' };
const evidence: Record<string, StepRun> = {
  Z1: stepRun('failed', { attempts: 2, failure, checkDetail: 'zib zmissing' }),
  Z2: stepRun('unknown', { reason: 'zonk zreason', output: { text: 'zorp' } }),
  Z3: stepRun('failed'),
  Z4: stepRun('succeeded'),
};
const explained = ran(zorbPlan(5), evidence, 'needsReplan', { statusReason: 'Zonk zeason\nzmore' });
const notRun: ChatRunView = { plan: zorbPlan(1), state: undefined, executing: false, waiting: [] };
const noPlan: ChatRunView = { plan: undefined, state: undefined, executing: false, waiting: [] };

const VIEWS: readonly ChatRunView[] = [
  noPlan,
  notRun,
  { ...notRun, plan: zorbPlan(3) },
  explained,
  ran(onePerStatus, byStatus(onePerStatus), 'paused'),
  ran(twoPerStatus, byStatus(twoPerStatus), 'failed', { statusReason: 'zonk' }),
  ran(zorbPlan(3), { Z1: stepRun('awaitingApproval') }, 'running', { executing: true, waiting: ['Z1'] }),
  ran(zorbPlan(3), { Z1: stepRun('awaitingApproval'), Z2: stepRun('awaitingApproval') }, 'running', { executing: true, waiting: ['Z1', 'Z2'] }),
  ran(zorbPlan(3), { Z1: stepRun('running') }, 'running', { executing: true }),
  ran(zorbPlan(2), { Z1: stepRun('succeeded') }, 'paused'),
  ran(zorbPlan(41), {}, 'succeeded'),
  ran(zorbPlan(42), {}, 'cancelled'),
];

/** Every text the chat shows a person, built with `l10n` over every fixture. */
function shownTexts(l10n: Localize): string[] {
  const plan = zorbPlan(3);
  return [
    ...VIEWS.map((view) => statusText(l10n, view)),
    ...VIEWS.flatMap((view) => [undefined, 'Z1', 'Z2', 'Z3', 'Z5', 'Z9'].map((stepId) => whyText(l10n, view, stepId))),
    ...VIEWS.flatMap((view) => nextActions(l10n, view).map((action) => action.label)),
    ...[true, false].flatMap((resumes) => ['zfolder', undefined].flatMap((folder) => [1, 3].flatMap((count) => Object.values(runConfirmation(l10n, zorbPlan(count), folder, resumes))))),
    ...[true, false].flatMap((hasRun) => [1, 3].flatMap((count) => Object.values(proposeConfirmation(l10n, plan, hasRun, { goal: 'Zorblax zeta', steps: count }) ?? {}))),
  ];
}

/** The message of every `l10n.t('…')` call in src/core/chat. */
function chatMessages(): Set<string> {
  const sources = readdirSync(CHAT_SOURCES).filter((file) => file.endsWith('.ts')).map((file) => readFileSync(path.join(CHAT_SOURCES, file), 'utf8'));
  return new Set(sources.flatMap((source) => [...source.matchAll(/l10n\.t\('((?:[^'\\]|\\.)*)'/g)].map((match) => match[1]!)));
}

/** The fixture's data, which the chat shows as it is. */
const DATA = words(GOAL, 'Zorblax zeta', 'zfolder', ...zorbPlan(42).steps.map((step) => `${step.id} ${step.title}`), 'definite postcondition zonk zorp ztail zib zmissing zreason Zonk zeason');

describe('the chat speaks to a person through the Localize port', () => {
  it('reaches every message of the chat texts with its fixtures', () => {
    const seen = new Set<string>();
    shownTexts({ t: (message, ...args) => (seen.add(message), englishText.t(message, ...args)) });
    assert.deepEqual([...chatMessages()].filter((message) => !seen.has(message)), []);
  });

  it('builds /status, /why, the follow-ups and the tool confirmations from messages only', () => {
    const texts = shownTexts(bracketed);
    assert.ok(texts.some((text) => text.includes(GOAL)), 'the fixture data is shown');
    assert.deepEqual(texts.flatMap((text) => unlocalized(text, DATA).map((word) => `${word} in ${JSON.stringify(text.slice(0, 60))}`)), []);
  });

  it('says statuses in the status words of the views, never as the run’s enum', () => {
    const status = statusText(englishText, explained);
    assert.match(status, /^\*\*Zorblax quux\*\*: needs a re-plan \(Zonk zeason\), revision 2\. 2 steps failed, 1 step with an unknown outcome, 1 step succeeded, 1 step pending\./);
    assert.match(status, /- Z2 Zorblax z2 — outcome unknown: zonk zreason/);
    assert.doesNotMatch(status, /needsReplan|awaitingApproval/);
    const waiting = statusText(englishText, VIEWS[7]!);
    assert.match(waiting, /: waiting for approval, revision 2\./);
    assert.match(waiting, /Steps Z1, Z2 wait for your approval in the Planwright view\./);
    assert.match(whyText(englishText, explained, 'Z1'), /^\*\*Z1\*\* Zorblax z1: failed after 2 attempts\./);
  });

  it('keeps what a model or an agent reads in English, in the same words as the English status', () => {
    const digest = runDigest(explained);
    assert.ok(digest.startsWith(statusText(englishText, explained)));
    assert.ok(digest.includes(whyText(englishText, explained, 'Z1')));
    assert.doesNotMatch(digest, /[⟦⟧]/);
    assert.match(problemsText([]), /^The plan is not valid \(0 problems\):/);
  });

});
