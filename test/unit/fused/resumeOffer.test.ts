// The prompt the editor offers about the last run, as a table: on Run Plan and after a window reload, for fused
// agent runs (stopped mid-goal or cancelled), a run `auto` escalated to a plan, plan runs (cancelled, paused,
// waiting), a finished run and a run still executing. A fused agent's run that stopped mid-goal resumes with the
// agent as a plan run resumes; a cancelled one is final, and offered a new plan.
import * as assert from 'node:assert/strict';
import { resumeOffer, type OfferedRun, type OfferMoment, type ResumeOffer } from '../../../src/core/run/resumeOffer';

const FUSED_WAITING: OfferedRun = { runId: 'fused-7', agent: 'fused', status: 'awaitingApproval' };
const FUSED_CANCELLED: OfferedRun = { runId: 'fused-8', agent: 'fused', status: 'cancelled' };
const FUSED_SUCCEEDED: OfferedRun = { runId: 'fused-9', agent: 'fused', status: 'succeeded' };
const ESCALATED_PAUSED: OfferedRun = { runId: 'auto-3', agent: 'fused', escalated: true, status: 'paused' };
const ESCALATED_CANCELLED: OfferedRun = { runId: 'auto-4', agent: 'fused', escalated: true, status: 'cancelled' };
const PLAN_CANCELLED: OfferedRun = { runId: 'r1', status: 'cancelled' };
const PLAN_PAUSED: OfferedRun = { runId: 'r2', status: 'paused' };
const PLAN_WAITING: OfferedRun = { runId: 'r3', status: 'needsReplan' };
const PLAN_SUCCEEDED: OfferedRun = { runId: 'r4', status: 'succeeded' };
const PLAN_RUNNING: OfferedRun = { runId: 'r5', status: 'running' };

/** The case, the run, the controller's `resumable` and `executing`, and the offer on Run Plan and after a reload. */
const TABLE: readonly [string, OfferedRun | undefined, boolean, boolean, Readonly<Record<OfferMoment, ResumeOffer<OfferedRun>>>][] = [
  ['a fused run stopped mid-goal', FUSED_WAITING, true, false, { runPlan: { kind: 'none' }, reload: { kind: 'resume', run: FUSED_WAITING } }],
  ['a fused run cancelled', FUSED_CANCELLED, false, false, { runPlan: { kind: 'planAgain', runId: 'fused-8' }, reload: { kind: 'none' } }],
  ['a fused run that succeeded', FUSED_SUCCEEDED, false, false, { runPlan: { kind: 'none' }, reload: { kind: 'none' } }],
  ['an auto run that escalated, paused', ESCALATED_PAUSED, true, false, { runPlan: { kind: 'none' }, reload: { kind: 'resume', run: ESCALATED_PAUSED } }],
  ['an auto run that escalated, cancelled', ESCALATED_CANCELLED, false, false, { runPlan: { kind: 'resumeOrStartOver', run: ESCALATED_CANCELLED }, reload: { kind: 'none' } }],
  ['a plan run cancelled', PLAN_CANCELLED, false, false, { runPlan: { kind: 'resumeOrStartOver', run: PLAN_CANCELLED }, reload: { kind: 'none' } }],
  ['a plan run paused', PLAN_PAUSED, true, false, { runPlan: { kind: 'none' }, reload: { kind: 'resume', run: PLAN_PAUSED } }],
  ['a plan run stopped for a re-plan', PLAN_WAITING, true, false, { runPlan: { kind: 'none' }, reload: { kind: 'resume', run: PLAN_WAITING } }],
  ['a plan run that succeeded', PLAN_SUCCEEDED, false, false, { runPlan: { kind: 'none' }, reload: { kind: 'none' } }],
  ['a plan run still executing', PLAN_RUNNING, false, true, { runPlan: { kind: 'none' }, reload: { kind: 'none' } }],
  ['a fused run still executing', { ...FUSED_WAITING, status: 'running' }, false, true, { runPlan: { kind: 'none' }, reload: { kind: 'none' } }],
  ['no run', undefined, false, false, { runPlan: { kind: 'none' }, reload: { kind: 'none' } }],
];

const NAMES: Readonly<Record<ResumeOffer<OfferedRun>['kind'], string>> = {
  planAgain: 'offers to plan the task again',
  resumeOrStartOver: 'asks whether to resume or start over',
  resume: 'offers to resume',
  none: 'offers nothing',
};

describe('resumeOffer', () => {
  for (const [name, run, resumable, executing, offers] of TABLE) {
    for (const moment of ['runPlan', 'reload'] as const) {
      const expected = offers[moment];
      it(`${moment === 'runPlan' ? 'on Run Plan' : 'after a reload'}, ${NAMES[expected.kind]} for ${name}`, () => {
        assert.deepEqual(resumeOffer({ moment, run, resumable, executing }), expected);
      });
    }
  }

  it('hands back the very run it is about, so the prompt shows that run', () => {
    const offer = resumeOffer({ moment: 'reload', run: PLAN_PAUSED, resumable: true, executing: false });
    assert.ok(offer.kind === 'resume' && offer.run === PLAN_PAUSED);
  });

  it('never offers to reopen a cancelled fused agent run: it is as final as one that ended', () => {
    for (const resumable of [true, false]) {
      for (const moment of ['runPlan', 'reload'] as const) {
        const kind = resumeOffer({ moment, run: FUSED_CANCELLED, resumable, executing: false }).kind;
        assert.ok(kind === 'planAgain' || kind === 'none', `resumable ${resumable}, ${moment}: ${kind}`);
      }
    }
  });
});
