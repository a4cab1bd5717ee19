// Model replies built to break the plan language's reader: checks nested 20,000 deep, argument objects
// 100,000 deep, prototype keys and megabyte-long names, in plan lines, in the JSON fallback and in patch
// lines. Each is a problem on its step, never a throw.
import * as assert from 'node:assert/strict';
import { parseToolCall } from '../../../../src/core/fused/fusedTools';
import { readCompactJson } from '../../../../src/core/plan/compact/compactJson';
import { findJsonShapeProblem } from '../../../../src/core/plan/jsonShape';
import { TOO_DEEP } from '../../../../src/core/planLimits';
import { formatProblem } from '../../../../src/core/plan/planProblem';
import { readPlanReply } from '../../../../src/core/planner/readPlanReply';
import { checkPatchReply } from '../../../../src/core/replanner/modelReplanner';

const deepText = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const CHECK_TOO_DEEP = 'checks nest deeper than 64 levels of objects and arrays, the most a plan allows';

describe('the plan language on pathological replies', () => {
  it('refuses a not-check 20,000 deep on its step and line', () => {
    const reply = `readFile {"path":"a"}\nwriteFile {"path":"b","content":"x"} check ${'not '.repeat(20_000)}exists b`;
    const read = readPlanReply(reply);
    assert.equal(read.steps.length, 1);
    assert.equal(read.problems.length, 1);
    assert.match(read.problems[0]!, new RegExp(`^E2: line 2: column \\d+: ${CHECK_TOO_DEEP}$`));
  });

  it('refuses an all-check 20,000 deep', () => {
    const reply = `readFile {"path":"a"} pre ${'all('.repeat(20_000)}exists a${')'.repeat(20_000)}`;
    assert.match(readPlanReply(reply).problems[0]!, new RegExp(`^E1: line 1: column \\d+: ${CHECK_TOO_DEEP}$`));
  });

  it('allows a check exactly as deep as the plan format does', () => {
    assert.deepEqual(readPlanReply(`readFile {"path":"a"} pre ${'not '.repeat(63)}exists a`).problems, []);
    assert.equal(readPlanReply(`readFile {"path":"a"} pre ${'not '.repeat(64)}exists a`).problems.length, 1);
  });

  it('refuses arguments 100,000 deep before parsing them, naming the field', () => {
    const read = readPlanReply(`readFile {"path":"a","x":${deepText(100_000)}}`);
    assert.deepEqual(read.steps, []);
    assert.match(read.problems[0]!, new RegExp(`^E1: line 1: column \\d+: the arguments of readFile at args\\.x: ${TOO_DEEP}$`));
  });

  it('refuses prototype keys in arguments as unknown fields', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const read = readPlanReply(`writeFile {"path":"a","content":"x","edits":{"${key}":{"polluted":1}}}`);
      assert.deepEqual(read.problems, [`E1: line 1: column 11: the arguments of writeFile at args.edits.${key}: unknown field`]);
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('refuses deep and prototype-keyed steps of the JSON fallback on their step', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    const items = [{ tool: 'readFile', args: { path: 'a', x: deep } }, { tool: 'readFile', args: JSON.parse('{"path":"b","__proto__":{"path":"/etc/passwd"}}') }];
    const read = readCompactJson({ steps: items });
    assert.deepEqual(read.steps, []);
    assert.deepEqual(read.problems.map(formatProblem), [`E1.args: ${TOO_DEEP}`, 'E2.args.__proto__: unknown field']);
  });

  it('refuses a JSON reply 100,000 deep before parsing it, naming the field it passed the limit in', () => {
    const read = readPlanReply(`{"steps":[{"tool":"readFile","args":{"path":"a","x":${deepText(100_000)}}}]}`);
    assert.deepEqual(read.problems, [`steps[0].args: ${TOO_DEEP}`]);
  });

  it('reads a 10 MB tool name in one pass and leaves the length to the gate', () => {
    const read = readPlanReply(`${'t'.repeat(10 * 1024 * 1024)} {"path":"a"}`);
    assert.equal(read.steps.length, 1);
  });

  it('refuses patch lines whose arguments nest too deep', () => {
    const verdict = checkPatchReply(`replace E2 readFile {"path":"a","x":${deepText(100_000)}}`, () => []);
    assert.ok(!verdict.ok);
    assert.match(verdict.problems[0]!, new RegExp(`^line 1 \\(E2\\): column \\d+: the arguments of readFile at args\\.x: ${TOO_DEEP}$`));
  });
});

describe('parseToolCall on pathological calls', () => {
  const call = (name: string, args: string) => ({ id: 'c1', name, arguments: args });

  it('refuses arguments 100,000 deep and prototype keys, and quotes a huge tool name shortly', () => {
    const deep = parseToolCall(call('readFile', `{"path":"a","x":${deepText(100_000)}}`), 'fused');
    assert.deepEqual(deep.kind === 'invalid' && deep.problem, `arguments.x: ${TOO_DEEP}`);
    const proto = parseToolCall(call('readFile', '{"path":"a","__proto__":{"path":"/etc/passwd"}}'), 'fused');
    assert.deepEqual(proto.kind === 'invalid' && proto.problem, 'arguments.__proto__: unknown field');
    const huge = parseToolCall(call('x'.repeat(1024 * 1024), '{}'), 'fused');
    assert.ok(huge.kind === 'invalid' && huge.problem.length < 120, huge.kind === 'invalid' ? huge.problem.slice(0, 200) : huge.kind);
  });
});

describe('findJsonShapeProblem', () => {
  it('finds where the depth limit is passed, with the path of keys and indexes', () => {
    assert.deepEqual(findJsonShapeProblem('{"a":[1,{"b":[[[]]]}]}', 4), { kind: 'deep', path: ['a', 1, 'b', 0], offset: 14 });
    assert.equal(findJsonShapeProblem('{"a":[1,{"b":[[[]]]}]}', 6), undefined);
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    assert.equal(findJsonShapeProblem('{"a":"[[[[\\"[[[[","b":[]}', 2), undefined);
    assert.deepEqual(findJsonShapeProblem('{"k\\"ey":[[]]}', 2), { kind: 'deep', path: ['k"ey', 0], offset: 10 });
    assert.equal(findJsonShapeProblem('{"a\\\\":"\\\\","b":[[]]}', 3), undefined);
  });

  it('finds an object with more fields than allowed, counting keys and not values or array items', () => {
    assert.deepEqual(findJsonShapeProblem('{"x":[{"a":1,"b":"c,d","c":3}]}', 10, 2), { kind: 'wide', path: ['x', 0], offset: 6 });
    assert.equal(findJsonShapeProblem('{"x":[{"a":1,"b":2}],"y":[1,2,3,"4","5"]}', 10, 2), undefined);
    assert.equal(findJsonShapeProblem('{"a":{"b":1,"c":2},"d":{"e":1,"f":2}}', 10, 2), undefined);
  });
});
