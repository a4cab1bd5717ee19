// The editor's run state is one value with one setter: the context key follows executing, and the change
// event fires only when the value changed.
import * as assert from 'node:assert/strict';
import { replayJournal } from '../../../src/core/run/runState';
import { JournalRecordSchema } from '../../../src/core/run/journalRecords';
import { CONTEXT_KEYS } from '../../../src/vscode/ids';
import { EditorRunState, NO_RUN } from '../../../src/vscode/run/editorRunState';
import { runOptions, validPlan } from '../support/executorFakes';
import { writeStep } from '../support/subplanFakes';

function recorded() {
  const contexts: [string, unknown][] = [];
  const fired: (readonly string[] | undefined)[] = [];
  const view = new EditorRunState((key, value) => contexts.push([key, value]), (stepIds) => fired.push(stepIds));
  return { view, contexts, fired };
}

const STATE = replayJournal([JournalRecordSchema.parse({ type: 'runStarted', runId: 'r', at: 1, plan: validPlan([writeStep('E1', 'a.txt', 'a')]), options: runOptions() })]);

describe('EditorRunState', () => {
  it('starts with no run', () => {
    assert.deepEqual(recorded().view.current, NO_RUN);
  });

  it('fires once per change, with the steps touched, and not at all when nothing changed', () => {
    const { view, fired, contexts } = recorded();
    assert.equal(view.apply({ state: STATE }, ['E1']), true);
    assert.equal(view.apply({ state: STATE }, ['E1']), false);
    assert.equal(view.apply({ children: new Map() }), false, 'no children is no change');
    assert.deepEqual(fired, [['E1']]);
    assert.deepEqual(contexts, [], 'executing did not change');
    assert.equal(view.current.state, STATE);
  });

  it('sets the executing context key only when executing changes', () => {
    const { view, fired, contexts } = recorded();
    view.apply({ executing: true });
    view.apply({ executing: true, actingOnGoal: true });
    view.apply({ executing: false, actingOnGoal: false });
    assert.deepEqual(contexts, [
      [CONTEXT_KEYS.runExecuting, true],
      [CONTEXT_KEYS.runExecuting, false],
    ]);
    assert.equal(fired.length, 3);
  });
});
