// Which tasks `--set` picks: v1 is the generated set every earlier report used, unchanged; `all` is
// every set in turn; a name no set has picks nothing.
import * as assert from 'node:assert/strict';
import { TASK_SET_CHOICES, TASK_SETS, taskSetsFor, tasksOf } from '../../../bench/taskSets';
import { DEFAULT_TASK_SET, generateTasks } from '../../../bench/tasks/generateTasks';
import { generateTasksV2 } from '../../../bench/tasks/v2/generateTasksV2';

describe('taskSets', () => {
  it('keeps v1 as the 300 tasks of seed 1, unchanged', () => {
    const v1 = taskSetsFor('v1')!;
    assert.deepEqual(v1.map((set) => set.name), ['v1']);
    const tasks = tasksOf(v1, {});
    assert.equal(tasks.length, 300);
    assert.deepEqual(tasks.slice(0, 5).map((entry) => entry.task), generateTasks({ ...DEFAULT_TASK_SET, count: 5 }));
    assert.ok(tasks.every((entry) => entry.set === 'v1'));
  });

  it('picks v2 by name, with its own defaults', () => {
    const v2 = taskSetsFor('v2')!;
    assert.deepEqual(v2.map((set) => set.name), ['v2']);
    const tasks = tasksOf(v2, { count: 2 });
    assert.deepEqual(tasks.map((entry) => entry.task), generateTasksV2(v2[0]!.defaults.seed, 2, v2[0]!.defaults.faultRate));
    assert.ok(tasks.every((entry) => entry.set === 'v2'));
  });

  it('runs every set for all, v1 first, each with its own defaults unless overridden', () => {
    assert.deepEqual(taskSetsFor('all'), TASK_SETS);
    assert.deepEqual(TASK_SETS.map((set) => set.name), ['v1', 'v2']);
    const tasks = tasksOf(TASK_SETS, { count: 2, seed: 5, faultRate: 0 });
    assert.deepEqual(tasks.map((entry) => entry.set), ['v1', 'v1', 'v2', 'v2']);
    assert.deepEqual(tasks.filter((entry) => entry.set === 'v1').map((entry) => entry.task), generateTasks({ count: 2, seed: 5, faultRate: 0, lapseRate: DEFAULT_TASK_SET.lapseRate }));
    assert.deepEqual(tasks.filter((entry) => entry.set === 'v2').map((entry) => entry.task), generateTasksV2(5, 2, 0));
  });

  it('knows no set by another name', () => {
    assert.equal(taskSetsFor('v0'), undefined);
    assert.ok(!TASK_SET_CHOICES.includes('v0'));
    assert.deepEqual(TASK_SET_CHOICES.at(-1), 'all');
  });
});
