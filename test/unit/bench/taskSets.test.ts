// Which tasks `--set` picks: v1 is the generated set every earlier report used, unchanged; `all` is
// every set in turn; a name no set has picks nothing.
import * as assert from 'node:assert/strict';
import { TASK_SET_CHOICES, TASK_SETS, taskSetsFor, tasksOf } from '../../../bench/taskSets';
import { DEFAULT_TASK_SET, generateTasks } from '../../../bench/tasks/generateTasks';

describe('taskSets', () => {
  it('keeps v1 as the 300 tasks of seed 1, unchanged', () => {
    const v1 = taskSetsFor('v1')!;
    assert.deepEqual(v1.map((set) => set.name), ['v1']);
    const tasks = tasksOf(v1, {});
    assert.equal(tasks.length, 300);
    assert.deepEqual(tasks.slice(0, 5).map((entry) => entry.task), generateTasks({ ...DEFAULT_TASK_SET, count: 5 }));
    assert.ok(tasks.every((entry) => entry.set === 'v1'));
  });

  it('runs every set for all, each with its own defaults unless overridden', () => {
    assert.deepEqual(taskSetsFor('all'), TASK_SETS);
    const tasks = tasksOf(TASK_SETS, { count: 2, seed: 5, faultRate: 0 });
    assert.equal(tasks.length, 2 * TASK_SETS.length);
    assert.deepEqual(tasks.filter((entry) => entry.set === 'v1').map((entry) => entry.task), generateTasks({ count: 2, seed: 5, faultRate: 0 }));
  });

  it('knows no set by another name', () => {
    assert.equal(taskSetsFor('v0'), undefined);
    assert.ok(!TASK_SET_CHOICES.includes('v0'));
    assert.deepEqual(TASK_SET_CHOICES.at(-1), 'all');
  });
});
