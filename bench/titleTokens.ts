// What step titles cost: the planner's reply for every task of a set, as the scripted planner writes it (the
// plan language with a `# title` per step), against the same reply without titles (each step then gets the
// title derived from its call); and the planner prompt's shared prefix, which asks for them.
// Run: npx tsc -p . && node out/bench/titleTokens.js [set]
import { countTokens } from 'gpt-tokenizer';
import { actionTitle } from '../src/core/plan/actionTitle';
import { plannerSystemMessage } from '../src/core/planner/plannerPrefix';
import { distribution } from './benchStats';
import { taskSetsFor, tasksOf } from './taskSets';
import { plannerReply } from './tasks/scriptedBehaviour';

function main(): void {
  const choice = process.argv[2] ?? 'v1';
  const sets = taskSetsFor(choice);
  if (!sets) throw new Error(`no task set "${choice}"`);
  const tasks = tasksOf(sets, {}).map(({ task }) => task);
  const untitled = tasks.map((task) => ({ ...task, plan: { ...task.plan, steps: task.plan.steps.map((step) => ({ ...step, title: actionTitle(step.tool, step.args) })) } }));
  const withTitles = tasks.map((task) => countTokens(plannerReply(task)));
  const without = untitled.map((task) => countTokens(plannerReply(task)));
  const steps = tasks.reduce((sum, task) => sum + task.plan.steps.length, 0);
  const added = withTitles.reduce((sum, tokens) => sum + tokens, 0) - without.reduce((sum, tokens) => sum + tokens, 0);
  const row = (name: string, values: readonly number[]) => {
    const { mean, p50, p95 } = distribution(values);
    return `${name.padEnd(16)} ${mean.toFixed(0).padStart(5)} ${p50.toFixed(0).padStart(5)} ${p95.toFixed(0).padStart(5)}`;
  };
  console.log(`Planner reply tokens (o200k_base) over the ${tasks.length} tasks of set ${choice}, as the scripted planner writes them`);
  console.log(`${'reply'.padEnd(16)} ${'mean'.padStart(5)} ${'p50'.padStart(5)} ${'p95'.padStart(5)}`);
  console.log(row('with titles', withTitles));
  console.log(row('without titles', without));
  console.log(`titles: ${(added / tasks.length).toFixed(1)} tokens a plan, ${(added / steps).toFixed(1)} a step (${steps} steps)`);
  console.log(`planner system prompt (shared prefix): ${countTokens(plannerSystemMessage().content)} tokens`);
}

main();
