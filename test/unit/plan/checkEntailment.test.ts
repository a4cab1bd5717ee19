import * as assert from 'node:assert/strict';
import { guaranteedByCall } from '../../../src/core/plan/checkEntailment';
import { encodeCompactPlan } from '../../../src/core/plan/compact/encodeCompactPlan';
import { readCompactPlan } from '../../../src/core/plan/compact/compactPlanReader';
import type { Step } from '../../../src/core/plan/planSchema';

const EDIT = { path: 'config.json', edits: [{ find: '"port": 8080', replace: '"port": 9090' }] };

describe('guaranteedByCall', () => {
  it('holds for a contains of text an edit writes, and for JSON validity of a .json edit', () => {
    assert.equal(guaranteedByCall('editFile', EDIT, { kind: 'all', checks: [{ kind: 'jsonValid', path: 'config.json' }, { kind: 'fileContains', path: 'config.json', text: '9090' }] }), true);
  });

  it('does not hold for text the edit does not write, another file, or a negation', () => {
    assert.equal(guaranteedByCall('editFile', EDIT, { kind: 'fileContains', path: 'config.json', text: '"retries": 5' }), false);
    assert.equal(guaranteedByCall('editFile', EDIT, { kind: 'fileContains', path: 'other.json', text: '9090' }), false);
    assert.equal(guaranteedByCall('editFile', EDIT, { kind: 'not', check: { kind: 'fileContains', path: 'config.json', text: '8080' } }), false);
  });

  it('does not count a replacement a later edit of the same call changes', () => {
    const args = { path: 'a.js', edits: [{ find: 'x', replace: 'y1' }, { find: 'y1', replace: 'z' }] };
    assert.equal(guaranteedByCall('editFile', args, { kind: 'fileContains', path: 'a.js', text: 'y1' }), false);
  });

  it('holds for a contains of a written or appended file\'s content, and for exit 0 of a command only', () => {
    assert.equal(guaranteedByCall('writeFile', { path: 'src/a.js', content: 'module.exports = 1;\n' }, { kind: 'fileContains', path: 'src/a.js', text: 'exports = 1' }), true);
    assert.equal(guaranteedByCall('appendFile', { path: 'README.md', content: '\n## Usage\n' }, { kind: 'fileContains', path: 'README.md', text: '## Usage' }), true);
    assert.equal(guaranteedByCall('runCommand', { command: 'npm test' }, { kind: 'exitCode', equals: 0 }), true);
    assert.equal(guaranteedByCall('runCommand', { command: 'npm test' }, { kind: 'outputContains', text: '0 failed' }), false);
  });
});

describe('encodeCompactPlan, terse', () => {
  const steps: Step[] = [
    { id: 'E1', title: 'Set the port', tool: 'editFile', args: EDIT, postcondition: { kind: 'all', checks: [{ kind: 'jsonValid', path: 'config.json' }, { kind: 'fileContains', path: 'config.json', text: '9090' }] } },
    { id: 'E2', title: 'Run the tests', tool: 'runCommand', args: { command: 'npm test' }, dependsOn: ['E1'], idempotent: true, postcondition: { kind: 'outputContains', text: '0 failed' } },
  ];

  it('keeps titles, leaves out checks the call guarantees, and keeps checks that say more', () => {
    assert.equal(encodeCompactPlan(steps, { terse: true }), 'E1 editFile {"path":"config.json","edits":[{"find":"\\"port\\": 8080","replace":"\\"port\\": 9090"}]} # Set the port\nE2 runCommand {"command":"npm test"} check output "0 failed" idempotent # Run the tests\n');
  });

  it('reads back to the same calls and order, each step checked by its implied check or what was written', () => {
    const read = readCompactPlan(encodeCompactPlan(steps, { terse: true }));
    assert.deepEqual(read.steps.map((step) => [step.tool, step.args, step.dependsOn]), steps.map((step) => [step.tool, step.args, step.dependsOn]));
    assert.deepEqual(read.steps[0]!.postcondition, { kind: 'all', checks: [{ kind: 'fileContains', path: 'config.json', text: '"port": 9090' }, { kind: 'jsonValid', path: 'config.json' }] });
    assert.deepEqual(read.steps[1]!.postcondition, steps[1]!.postcondition);
  });

  it('writes no "after" for steps the others already wait for, and a run of ids as a range', () => {
    const write = (id: string, path: string, dependsOn?: string[]): Step => ({ id, title: id, tool: 'writeFile', args: { path, content: 'x' }, ...(dependsOn ? { dependsOn } : {}) });
    const all = ['E1', 'E2', 'E3', 'E4'];
    const chain: Step[] = [...all.map((id, index) => write(id, `f${index}.txt`)), write('E5', 'done.txt', all), { id: 'E6', title: 't', tool: 'runCommand', args: { command: 'npm test' }, dependsOn: [...all, 'E5'], postcondition: { kind: 'exitCode', equals: 0 } }];
    const text = encodeCompactPlan(chain, { terse: true });
    assert.match(text, /^E5 writeFile \{"path":"done.txt","content":"x"\} after E1-E4 # E5$/m);
    assert.match(text, /^E6 runCommand \{"command":"npm test"\} # t$/m, 'the command waits for every change before it anyway');
    const read = readCompactPlan(text).steps;
    assert.deepEqual(read[4]!.dependsOn, all);
    assert.deepEqual(read[5]!.dependsOn, ['E5'], 'E5 stands in for the writes it waits for');
  });
});
