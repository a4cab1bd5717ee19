// Unit tests of step titles as models write them: the planner's prompt asks for one per step, the reader keeps
// what the model wrote and derives one only when it wrote none, a re-plan, a revision and a repair see the titles
// in the lines they are shown, and the fused agent titles its calls the same way.
import * as assert from 'node:assert/strict';
import { fusedStep } from '../../../src/core/fused/fusedDecisions';
import { parseToolCall } from '../../../src/core/fused/fusedTools';
import { readCompactPlan } from '../../../src/core/plan/compact/compactPlanReader';
import { readCompactJson } from '../../../src/core/plan/compact/compactJson';
import { plannerSystemMessage } from '../../../src/core/planner/plannerPrefix';
import { encodeStepLine, parseStepLine } from '../../../src/core/replanner/stepLine';
import { STEP_LINE_FORM } from '../../../src/core/replanner/replanPrompt';
import { QUIET_PLAN_REPLY, QUIET_PLAN_STEPS } from '../../support/quietFlagScenario';

describe('step titles', () => {
  it('are asked of the planner on every line, as the example writes them, never "write none"', () => {
    const prefix = plannerSystemMessage().content;
    assert.match(prefix, /\[idempotent\] # <title>/);
    assert.match(prefix, /End each line with "# " and its title/);
    assert.match(prefix, /^E1 readFile \{"path":"lib\/greet\.js"\} # Read the greeting$/m);
    assert.doesNotMatch(prefix, /write none/);
    assert.match(STEP_LINE_FORM, /# <title>/, 'the repairer is asked for one too');
  });

  it('are read from the line the model wrote, and derived from the call only when it wrote none', () => {
    const steps = readCompactPlan('E1 readFile {"path":"src/cli.js"} # Read the CLI entry point\nE2 runCommand {"command":"npm test"}\n').steps;
    assert.deepEqual(steps.map((step) => step.title), ['Read the CLI entry point', 'runCommand npm test']);
  });

  it('are read from the JSON form too, with the same fallback', () => {
    const read = readCompactJson({ steps: [{ tool: 'readFile', args: { path: 'a.js' }, title: ' Read a ' }, { tool: 'readFile', args: { path: 'b.js' } }] });
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.steps.map((step) => step.title), ['Read a', 'readFile b.js']);
  });

  it('stay on a step line shown to the re-planner and read back from its patch', () => {
    const [, edit] = QUIET_PLAN_STEPS;
    const line = encodeStepLine(edit!);
    assert.match(line, / # Accept --quiet$/);
    const read = parseStepLine(line, 'E7');
    assert.ok(read.ok);
    assert.equal(read.ok && read.steps[0]!.title, 'Accept --quiet');
  });

  it('are what the UI test\'s scripted planner writes: every step of its reply titled by the model', () => {
    assert.deepEqual(QUIET_PLAN_STEPS.map((step) => step.title), ['Read the CLI entry point', 'Accept --quiet', 'Test that --quiet leaves out the file name', 'Run the tests', 'Document --quiet']);
    for (const line of QUIET_PLAN_REPLY.split('\n')) assert.match(line, /^E\d \w+ \{.*\}( after E\d)? # [A-Z]/, line);
  });

  it('are written by the fused agent as a call\'s "title", kept out of the tool\'s arguments, derived when it wrote none', () => {
    const titled = parseToolCall({ id: 'c1', name: 'readFile', arguments: JSON.stringify({ path: 'src/cli.js', title: '  Read the CLI\n entry point ' }) }, 'fused');
    assert.equal(titled.kind, 'tool');
    if (titled.kind !== 'tool') return;
    assert.deepEqual(titled.args, { path: 'src/cli.js' });
    assert.equal(fusedStep('F1', titled).title, 'Read the CLI entry point');
    const plain = parseToolCall({ id: 'c2', name: 'runCommand', arguments: JSON.stringify({ command: 'npm test', title: ' ' }) }, 'fused');
    assert.equal(plain.kind === 'tool' && fusedStep('F2', plain).title, 'runCommand npm test');
  });
});
