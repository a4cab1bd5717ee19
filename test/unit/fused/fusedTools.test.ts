// The fused agent's tool specs and call parsing, the implied postconditions, and the loop's pure
// decisions (the auto-mode backstop and how a finished conversation's run ends).
import * as assert from 'node:assert/strict';
import { replayJournal } from '../../../src/core/run/runState';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { AUTO_ESCALATION, escalationReason, escalationRuleText } from '../../../src/core/fused/escalationRule';
import { backstopEscalation, finishedStatus, fusedStep } from '../../../src/core/fused/fusedDecisions';
import { actionTitle } from '../../../src/core/plan/actionTitle';
import { MAKE_PLAN_TOOL, fusedToolSpecs, parseToolCall, type ParsedCall } from '../../../src/core/fused/fusedTools';
import { impliedPostcondition } from '../../../src/core/plan/impliedCheck';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { TOOL_NAMES } from '../../../src/core/tools/toolCatalog';

const call = (name: string, args: unknown, id = 'c1') => ({ id, name, arguments: JSON.stringify(args) });
const toolCall = (name: string, args: unknown): Extract<ParsedCall, { kind: 'tool' }> => {
  const parsed = parseToolCall(call(name, args), 'auto');
  assert.equal(parsed.kind, 'tool', JSON.stringify(parsed));
  return parsed as Extract<ParsedCall, { kind: 'tool' }>;
};

describe('fusedToolSpecs', () => {
  it('describes every catalogue tool but subplan by its zod schema, and adds make_plan only in auto mode', () => {
    const acting = TOOL_NAMES.filter((name) => name !== 'subplan');
    assert.deepEqual(fusedToolSpecs('fused').map((spec) => spec.name), acting);
    assert.deepEqual(fusedToolSpecs('auto').map((spec) => spec.name), [...acting, MAKE_PLAN_TOOL]);
    const edit = fusedToolSpecs('fused').find((spec) => spec.name === 'editFile')!;
    assert.deepEqual(Object.keys(edit.parameters.properties as object), ['path', 'edits', 'allowReadOnly', 'title']);
    assert.match(edit.description, /Effect: nonIdempotent\./);
  });

  it('offers runCommand the idempotent flag a plan step carries', () => {
    const run = fusedToolSpecs('fused').find((spec) => spec.name === 'runCommand')!;
    assert.ok('idempotent' in (run.parameters.properties as object) && 'expectExitCode' in (run.parameters.properties as object));
    assert.match(run.description, /idempotent with "idempotent": true/);
  });
});

describe('parseToolCall', () => {
  it('parses a tool call and separates the command flag and expected exit code from the arguments', () => {
    const parsed = toolCall('runCommand', { command: 'npm test', idempotent: true, expectExitCode: 1 });
    assert.deepEqual(parsed.args, { command: 'npm test' });
    assert.equal(parsed.idempotent, true);
    assert.equal(parsed.expectExitCode, 1);
    assert.deepEqual(fusedStep('F1', parsed).postcondition, { kind: 'exitCode', equals: 1 });
  });

  it('names the problem: not JSON, no such tool, arguments that fail the schema', () => {
    assert.match((parseToolCall({ id: 'a', name: 'readFile', arguments: '{"path":' }, 'fused') as { problem: string }).problem, /not valid JSON/);
    assert.match((parseToolCall(call('wrteFile', {}), 'fused') as { problem: string }).problem, /no tool "wrteFile"/);
    assert.match((parseToolCall(call('readFile', { path: '../x' }), 'fused') as { problem: string }).problem, /^path: /);
    assert.match((parseToolCall(call('readFile', { path: 'a', extra: 1 }), 'fused') as { problem: string }).problem, /extra|Unrecognized/);
  });

  it('knows make_plan in auto mode only', () => {
    assert.deepEqual(parseToolCall(call(MAKE_PLAN_TOOL, { reason: 'long' }), 'auto'), { kind: 'makePlan', call: call(MAKE_PLAN_TOOL, { reason: 'long' }), reason: 'long' });
    assert.equal(parseToolCall(call(MAKE_PLAN_TOOL, { reason: 'long' }), 'fused').kind, 'invalid');
  });
});

describe('impliedPostcondition', () => {
  it('checks what each writing tool must leave behind', () => {
    assert.deepEqual(impliedPostcondition('writeFile', { path: 'a.md', content: 'x' }), { kind: 'fileExists', path: 'a.md' });
    assert.deepEqual(impliedPostcondition('writeFile', { path: 'c.json', content: '{}' }), { kind: 'all', checks: [{ kind: 'fileExists', path: 'c.json' }, { kind: 'jsonValid', path: 'c.json' }] });
    assert.deepEqual(impliedPostcondition('deleteFile', { path: 'a' }), { kind: 'fileAbsent', path: 'a' });
    assert.deepEqual(impliedPostcondition('renameFile', { from: 'a', to: 'b' }), { kind: 'all', checks: [{ kind: 'fileAbsent', path: 'a' }, { kind: 'fileExists', path: 'b' }] });
    assert.deepEqual(impliedPostcondition('appendFile', { path: 'log', content: 'x\n' }), { kind: 'fileContains', path: 'log', text: 'x\n' });
    assert.deepEqual(impliedPostcondition('runCommand', { command: 'make' }), { kind: 'exitCode', equals: 0 });
    assert.equal(impliedPostcondition('readFile', { path: 'a' }), undefined);
  });

  it('looks for the replacement texts of an edit that no later edit changed, and falls back to the file existing', () => {
    const edits = [{ find: 'a', replace: 'b1' }, { find: 'b1', replace: 'b2' }, { find: 'c', replace: 'd' }];
    assert.deepEqual(impliedPostcondition('editFile', { path: 'x.ts', edits }), { kind: 'all', checks: [{ kind: 'fileContains', path: 'x.ts', text: 'b2' }, { kind: 'fileContains', path: 'x.ts', text: 'd' }] });
    assert.deepEqual(impliedPostcondition('editFile', { path: 'x.ts', edits: [{ find: 'a', replace: '' }] }), { kind: 'fileExists', path: 'x.ts' });
  });
});

describe('fused steps', () => {
  it('become plan steps that pass the gate, titled by tool and target', () => {
    const steps = [
      fusedStep('F1', toolCall('editFile', { path: 'src/a.ts', edits: [{ find: 'x', replace: 'y' }] })),
      fusedStep('F2', toolCall('runCommand', { command: 'npm test', idempotent: true })),
      fusedStep('F3', toolCall('readFile', { path: 'README.md' })),
    ];
    assert.ok(validatePlan({ version: 1, goal: 'g', steps }).ok);
    assert.equal(steps[1]!.idempotent, true);
    assert.equal(steps[0]!.title, 'editFile src/a.ts');
    assert.equal(actionTitle('renameFile', { from: 'a', to: 'b' }), 'renameFile a → b');
  });
});

describe('escalation rule', () => {
  it('plans long tasks, deletions and commands that are not safe to repeat', () => {
    const edit = { tool: 'editFile', effect: 'nonIdempotent' as const };
    assert.equal(escalationReason(Array(AUTO_ESCALATION.maxActions).fill(edit)), undefined);
    assert.match(escalationReason(Array(AUTO_ESCALATION.maxActions + 1).fill(edit))!, /more than 6/);
    assert.match(escalationReason([{ tool: 'deleteFile', effect: 'idempotent' }])!, /deletes a file/);
    assert.match(escalationReason([{ tool: 'runCommand', effect: 'nonIdempotent' }])!, /not safe to repeat/);
    assert.equal(escalationReason([{ tool: 'runCommand', effect: 'idempotent' }]), undefined);
    assert.match(escalationRuleText(), /more than 6 tool calls/);
  });

  it('is enforced by the loop before a risky call, or past the backstop length', () => {
    assert.match(backstopEscalation([toolCall('deleteFile', { path: 'a' })], 0, AUTO_ESCALATION)!, /deletes a file/);
    assert.match(backstopEscalation([toolCall('runCommand', { command: 'deploy' })], 0, AUTO_ESCALATION)!, /not safe to repeat/);
    assert.equal(backstopEscalation([toolCall('runCommand', { command: 'npm test', idempotent: true })], 0, AUTO_ESCALATION), undefined);
    assert.match(backstopEscalation([toolCall('readFile', { path: 'a' })], AUTO_ESCALATION.maxActionsBeforeBackstop, AUTO_ESCALATION)!, /more than 12/);
  });
});

describe('finishedStatus', () => {
  const write = (id: string) => ({ id, title: `Write ${id}`, tool: 'writeFile', args: { path: `${id}.txt`, content: 'x' }, postcondition: { kind: 'fileExists', path: `${id}.txt` } });
  const state = (ends: [string, 'succeed' | 'fail' | 'becomeUnknown'][]) =>
    replayJournal([
      { type: 'runStarted', runId: 'r', at: 0, plan: { version: 1, goal: 'g', steps: ends.map(([id]) => write(id)) }, options: DEFAULT_RUN_OPTIONS },
      ...ends.flatMap(([id, event]) => [
        { type: 'step' as const, at: 1, stepId: id, event: 'approve' as const, to: 'approved' as const },
        { type: 'step' as const, at: 1, stepId: id, event: 'start' as const, to: 'running' as const },
        { type: 'step' as const, at: 2, stepId: id, event, to: ({ succeed: 'succeeded', fail: 'failed', becomeUnknown: 'unknown' } as const)[event] },
      ]),
    ]);

  it('succeeds when the agent recovered from a failure', () => {
    assert.deepEqual(finishedStatus(state([['F1', 'fail'], ['F2', 'succeed']])), { status: 'succeeded' });
  });

  it('fails when the last action failed, or any outcome is unknown, naming the step as the tree numbers it', () => {
    const failed = finishedStatus(state([['F1', 'succeed'], ['F2', 'fail']]));
    assert.equal(failed.status, 'failed');
    assert.match(failed.reason!, /^the agent stopped after 2 Write F2 failed: /);
    assert.equal(finishedStatus(state([['F1', 'becomeUnknown'], ['F2', 'succeed']])).reason, 'the outcome of 1 Write F1 is unknown');
  });
});
