// The end of a run as the user gets it, with a scripted window: a failed or cancelled run that changed files says how
// it ended and, in a notification of its own, which files, with Keep, Undo Run and Show Files; Keep leaves the files
// as the run left them (no button's action runs), Undo Run undoes the run the notice is about.
import * as assert from 'node:assert/strict';
import type { RunReport } from '../../../src/core/run/runSummary';
import type { RunStatus } from '../../../src/core/run/journalRecords';
import type { RunState } from '../../../src/core/run/runState';
import { englishText } from '../../../src/core/text/englishText';
import { sayRunEnd, type RunEndWindow } from '../../../src/vscode/run/sayRunEnd';
import { validPlan } from '../support/executorFakes';

const plan = validPlan([
  { id: 'E1', title: 'Write a', tool: 'writeFile', args: { path: 'a.js', content: 'new a' }, postcondition: { kind: 'fileExists', path: 'a.js' } },
  { id: 'E2', title: 'Write b', tool: 'writeFile', args: { path: 'b.js', content: 'b' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'b.js' } },
]);

/** A run that ended in `status` having changed a.js and created b.js. */
function ended(status: RunStatus, reason?: string, costCapPause?: RunState['costCapPause']): { report: RunReport; state: RunState } {
  const touches = [
    { stepId: 'E1', at: 0, before: [{ path: 'a.js', content: 'old a' }], after: [{ path: 'a.js', content: 'new a' }] },
    { stepId: 'E2', at: 1, before: [{ path: 'b.js', content: null }], after: [{ path: 'b.js', content: 'b' }] },
  ];
  return {
    report: { runId: 'r1', status, revision: 1, summary: 'what each step did', ...(reason ? { reason } : {}) } as RunReport,
    state: { runId: 'r1', status, plan, touches, ...(costCapPause ? { costCapPause } : {}) } as unknown as RunState,
  };
}

/** What the window showed: the kind of message (or the status bar), its text and its buttons. */
type Said = [kind: string, text: string, buttons: string[]];

function setup(click: (buttons: readonly string[]) => string | undefined = () => undefined) {
  const said: Said[] = [];
  const pressed: string[] = [];
  const message = (kind: string) => async (text: string, ...buttons: string[]) => {
    said.push([kind, text, buttons]);
    return click(buttons);
  };
  const window: RunEndWindow = {
    showInformationMessage: message('info'),
    showWarningMessage: message('warning'),
    showErrorMessage: message('error'),
    setStatusBarMessage: (text: string) => said.push(['statusBar', text, []]),
  };
  const buttons = {
    undoRun: async (files: { runId: string; names: string }) => pressed.push(`undoRun ${files.runId}: ${files.names}`),
    showFiles: async () => pressed.push('showFiles'),
    showSummary: async () => pressed.push('showSummary'),
    showTrace: async () => pressed.push('showTrace'),
    replan: async () => pressed.push('replan'),
    showLog: () => void pressed.push('showLog'),
    raiseCapAndResume: async (suggested: number) => pressed.push(`raiseCapAndResume ${suggested.toFixed(2)}`),
  };
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  return { said, pressed, say: ({ report, state }: ReturnType<typeof ended>) => sayRunEnd(report, state, { window, l10n: englishText, log, buttons }) };
}

const FILES: Said = ['info', 'Planwright changed 2 files: a.js, b.js', ['Keep', 'Undo Run', 'Show Files']];

describe('sayRunEnd', () => {
  it('says a cancelled run in the status bar and the files it changed in a notification with Keep, Undo Run and Show Files', async () => {
    const { said, say } = setup();
    await say(ended('cancelled'));
    assert.deepEqual(said, [['statusBar', 'Planwright: run cancelled', []], FILES]);
  });

  it('keeps a failed run\'s error, with the files notice beside it', async () => {
    const { said, say } = setup();
    await say(ended('failed', 'gave up after 1 re-plan(s)'));
    assert.deepEqual(said, [['error', 'Planwright: the run failed: gave up after 1 re-plan(s)', ['Show Log']], FILES]);
  });

  it('does nothing on Keep: no undo, no other action, the files stay as the run left them', async () => {
    const { pressed, say } = setup((buttons) => (buttons.includes('Keep') ? 'Keep' : undefined));
    await say(ended('cancelled'));
    await say(ended('failed', 'exit code 1'));
    assert.deepEqual(pressed, []);
  });

  it('undoes the run the notice is about on Undo Run, and shows its files on Show Files', async () => {
    const undo = setup((buttons) => (buttons.includes('Undo Run') ? 'Undo Run' : undefined));
    await undo.say(ended('cancelled'));
    assert.deepEqual(undo.pressed, ['undoRun r1: a.js, b.js']);
    const show = setup((buttons) => (buttons.includes('Show Files') ? 'Show Files' : undefined));
    await show.say(ended('failed', 'exit code 1'));
    assert.deepEqual(show.pressed, ['showFiles']);
  });

  it('says a succeeded run and its files in one notification, with Show Summary too', async () => {
    const { said, say } = setup();
    await say(ended('succeeded'));
    assert.deepEqual(said, [['info', 'Planwright: the plan succeeded (revision 1) and changed 2 files: a.js, b.js', ['Keep', 'Undo Run', 'Show Files', 'Show Summary']]]);
  });

  it('says a run paused at its cost cap in a warning with the spend and the cap, and raises the cap on Raise Cap and Resume', async () => {
    const pause = { spent: 0.75, estimate: 0.75, cap: 1 };
    const { said, pressed, say } = setup((buttons) => (buttons.includes('Raise Cap and Resume') ? 'Raise Cap and Resume' : undefined));
    await say(ended('paused', 'the cost cap of $1.00 is reached', pause));
    assert.deepEqual(said, [
      ['warning', 'Planwright paused the run at its cost cap: $0.750 spent of $1.00, and the next model call (about $0.750) would pass it, so it was not made.', ['Raise Cap and Resume', 'Keep Paused']],
    ]);
    assert.deepEqual(pressed, ['raiseCapAndResume 2.00']);
  });

  it('leaves a run paused at its cost cap as it is on Keep Paused, and a run paused by the user in the status bar', async () => {
    const { said, pressed, say } = setup((buttons) => (buttons.includes('Keep Paused') ? 'Keep Paused' : undefined));
    await say(ended('paused', 'the cost cap of $1.00 is reached', { spent: 0.75, estimate: 0.75, cap: 1 }));
    await say(ended('paused', 'paused by the user'));
    assert.deepEqual(pressed, []);
    assert.deepEqual(said.at(-1), ['statusBar', 'Planwright: paused — Run Plan carries on', []]);
  });
});
