// Replies in the shapes real models write them — a code fence, prose before and after, `<plan>` tags,
// numbered lines, a trailing explanation, Windows line ends, a reply restating the whole plan — for the
// planner, the re-planner and the one-step repairer, in lines and in JSON, each with its expected outcome:
// the same steps or operations as the plain reply, or a problem that says what to write instead. The
// planner's and the re-planner's replies are also streamed in small chunks, as a run reads them.
import * as assert from 'node:assert/strict';
import type { PatchOp } from '../../../src/core/plan/planPatch';
import { PlanReplyReader } from '../../../src/core/planner/planReplyReader';
import { readPlanReply } from '../../../src/core/planner/readPlanReply';
import { PatchLineStream } from '../../../src/core/replanner/patchLineStream';
import { readPatchReply } from '../../../src/core/replanner/patchReply';
import { readRepairReply } from '../../../src/core/replanner/repairReply';
import { parseStepLine } from '../../../src/core/replanner/stepLine';
import type { PatchScope } from '../../../src/core/replanner/wholePlanPatch';
import type { PatchLine } from '../../../src/core/run/modelRoles';

/** A reply shape: how a model wraps the plain reply. */
type Shape = readonly [name: string, wrap: (plain: string) => string];

const SHAPES: readonly Shape[] = [
  ['as asked', (plain) => plain],
  ['in a fence', (plain) => `\`\`\`\n${plain}\n\`\`\``],
  ['with prose before', (plain) => `Here is the result:\n\n${plain}`],
  ['with a trailing explanation', (plain) => `${plain}\n\nThis fixes the failing step and keeps the rest as it was.`],
  ['in <plan> tags', (plain) => `<plan>\n${plain}\n</plan>`],
  ['with prose, a fence and an explanation', (plain) => `Sure.\n\`\`\`\n${plain}\n\`\`\`\nLet me know if anything else is needed.`],
  ['with Windows line ends', (plain) => plain.replace(/\n/g, '\r\n')],
];
/** The shapes a JSON reply comes in besides those: one line in a one-line fence. */
const JSON_SHAPES: readonly Shape[] = [...SHAPES, ['in a one-line json fence', (plain) => `\`\`\`json ${plain.replace(/\n/g, ' ')} \`\`\``]];

const numbered = (plain: string) => plain.split('\n').map((line, index) => `${index + 1}. ${line}`).join('\n');

/** Feeds `text` in chunks of `size` characters. */
function chunks(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces;
}

describe('the planner reads the reply shapes models write', () => {
  const planLines = 'E1 readFile {"path":"a.txt"}\nE2 writeFile {"path":"b.txt","content":"x"}';
  const planJson = JSON.stringify({ steps: [{ tool: 'readFile', args: { path: 'a.txt' } }, { tool: 'writeFile', args: { path: 'b.txt', content: 'x' } }] }, null, 1);
  const expected = [['E1', 'readFile', { path: 'a.txt' }], ['E2', 'writeFile', { path: 'b.txt', content: 'x' }]];
  const calls = (steps: readonly unknown[]) => steps.map((step) => [(step as { id: string }).id, (step as { tool: string }).tool, (step as { args: unknown }).args]);
  const streamed = (reply: string) => {
    const reader = new PlanReplyReader();
    const lines = [...chunks(reply, 7).flatMap((chunk) => reader.push(chunk)), ...reader.finish()];
    return { steps: lines.flatMap((line) => (line.step ? [line.step] : [])), problems: lines.flatMap((line) => line.problems) };
  };

  for (const [name, wrap] of JSON_SHAPES) {
    it(`JSON ${name}: the same steps, whole and streamed`, () => {
      const reply = wrap(planJson);
      const read = readPlanReply(reply);
      assert.deepEqual(read.problems, []);
      assert.deepEqual(calls(read.steps), expected);
      const stream = streamed(reply);
      assert.deepEqual(stream.problems, []);
      assert.deepEqual(calls(stream.steps), expected);
    });
  }

  for (const [name, wrap] of [...SHAPES, ['numbered', numbered] as const]) {
    it(`lines ${name}: the same steps, whole and streamed`, () => {
      const reply = wrap(planLines);
      assert.deepEqual(readPlanReply(reply).problems, []);
      assert.deepEqual(calls(readPlanReply(reply).steps), expected);
      assert.deepEqual(calls(streamed(reply).steps), expected);
    });
  }

  it('lines with a step written without JSON: a problem of its line, for the one repair turn', () => {
    const read = readPlanReply(`Here is the plan:\n${planLines}\nE3 runCommand npm test`);
    assert.equal(read.problems.length, 1);
    assert.match(read.problems[0]!, /^E3: line 4: /);
  });
});

describe('the re-planner reads the reply shapes models write', () => {
  // E1 ran, E2 (the tests) broke, E3 waits for it.
  const scope: PatchScope = { replaced: ['E2', 'E3'], frozen: ['E1'], known: ['E1', 'E2', 'E3'] };
  const patchLines = 'replace E2 runCommand {"command":"npm test -- --fix"}\nadd E4 writeFile {"path":"c.txt","content":"right"}\ndrop E3';
  const patchJson = JSON.stringify({ patch: [{ op: 'replace', id: 'E2', tool: 'runCommand', args: { command: 'npm test -- --fix' } }, { op: 'add', id: 'E4', tool: 'writeFile', args: { path: 'c.txt', content: 'right' } }, { op: 'drop', id: 'E3' }] }, null, 1);
  const expected = ['replace E2 runCommand {"command":"npm test -- --fix"}', 'add E4 writeFile {"path":"c.txt","content":"right"}', 'drop E3'];
  const describeOp = (op: PatchOp) => (op.op === 'drop' ? `drop ${op.id}` : `${op.op} ${op.step.id} ${op.step.tool} ${JSON.stringify(op.step.args)}`);
  const whole = (reply: string) => {
    const read = readPatchReply(reply, parseStepLine, scope);
    return read.ok ? { ops: read.patch.map(describeOp), problems: [] } : { ops: [], problems: [...read.problems] };
  };
  const streamed = async (reply: string) => {
    const lines: PatchLine[] = [];
    const sink = { line: (line: PatchLine) => void lines.push(line), settle: async () => [], remainder: (patch: readonly PatchOp[]) => patch, repairNote: () => [], effectNote: () => '' };
    const stream = new PatchLineStream(sink, parseStepLine, (text) => readPatchReply(text, parseStepLine, scope));
    for (const chunk of chunks(reply, 5)) stream.onText(chunk);
    await stream.settled(reply);
    return { ops: lines.flatMap((line) => ('op' in line ? [describeOp(line.op)] : [])), problems: lines.flatMap((line) => ('problem' in line ? [line.problem] : [])) };
  };

  for (const [name, wrap, plain] of [...SHAPES.map(([n, w]) => [`lines ${n}`, w, patchLines] as const), ['lines numbered', numbered, patchLines] as const, ...JSON_SHAPES.map(([n, w]) => [`JSON ${n}`, w, patchJson] as const)]) {
    it(`${name}: the same operations, whole and streamed`, async () => {
      const reply = wrap(plain);
      assert.deepEqual(whole(reply), { ops: expected, problems: [] });
      assert.deepEqual(await streamed(reply), { ops: expected, problems: [] });
    });
  }

  it('lines with a sentence between two operations: that sentence is a problem of its line', () => {
    const read = whole('replace E2 runCommand {"command":"npm test -- --fix"}\nand then\ndrop E3');
    assert.deepEqual(read.problems.length, 1);
    assert.match(read.problems[0]!, /^line 2: expected "replace <id> <step>"/);
  });

  it('lines restating the whole plan: a problem naming the replace line to write', () => {
    const read = whole('E1 readFile {"path":"a.txt"}\nE2 runCommand {"command":"npm test -- --fix"}');
    assert.ok(read.problems.length > 0);
    assert.match(read.problems[0]!, /that is a plan line; to change E1 write "replace E1 <step>"/);
  });

  it('JSON steps of the plan form: new steps in place of the broken and invalidated ones', async () => {
    const reply = `Here is the new plan:\n${JSON.stringify({ steps: [{ tool: 'writeFile', args: { path: 'c.txt', content: 'right' } }] })}`;
    const want = ['drop E2', 'drop E3', 'add E4 writeFile {"path":"c.txt","content":"right"}'];
    assert.deepEqual(whole(reply), { ops: want, problems: [] });
    assert.deepEqual(await streamed(reply), { ops: want, problems: [] });
  });

  it('JSON restating the whole plan with ids: the step that ran is kept, the rest replaced, a new id added', () => {
    const step = (id: string, tool: string, args: unknown) => ({ id, title: id, tool, args });
    const reply = JSON.stringify({ steps: [step('E1', 'readFile', { path: 'a.txt' }), step('E2', 'runCommand', { command: 'npm test -- --fix' }), step('E5', 'readFile', { path: 'c.txt' })] });
    assert.deepEqual(whole(reply), { ops: ['drop E3', 'replace E2 runCommand {"command":"npm test -- --fix"}', 'add E5 readFile {"path":"c.txt"}'], problems: [] });
  });

  it('a JSON patch item without an op: a problem naming the item and the form', () => {
    const read = whole(JSON.stringify({ patch: [{ id: 'E2', tool: 'runCommand', args: {} }] }));
    assert.match(read.problems[0]!, /^patch\[0\]: an item is \{"op": "drop"/);
  });
});

describe('the one-step repairer reads the reply shapes models write', () => {
  const fixed = 'editFile {"path":"a.txt","edits":[{"find":"v=1","replace":"v=2"}]}';
  const fixedJson = JSON.stringify({ tool: 'editFile', args: { path: 'a.txt', edits: [{ find: 'v=1', replace: 'v=2' }] } });
  const expected = { path: 'a.txt', edits: [{ find: 'v=1', replace: 'v=2' }] };
  const repaired = (reply: string) => {
    const read = readRepairReply(reply.replace(/\r\n/g, '\n'), 'E2');
    return read.ok ? { id: read.step.id, tool: read.step.tool, args: read.step.args } : read.problem;
  };

  const lineForms: readonly (readonly [string, string])[] = [
    ['the step line', fixed],
    ['a replace line', `replace E2 ${fixed}`],
    ['a labelled line', `E2 ${fixed}`],
    ['a numbered line', `1. ${fixed}`],
    ['a restated plan', `E1 readFile {"path":"a.txt"}\nE2 ${fixed}\nE3 runCommand {"command":"npm test"}`],
  ];
  const jsonForms: readonly (readonly [string, string])[] = [
    ['one step object', fixedJson],
    ['steps of the plan form', JSON.stringify({ steps: [JSON.parse(fixedJson)] })],
    ['a JSON patch', JSON.stringify({ patch: [{ op: 'replace', id: 'E2', ...JSON.parse(fixedJson) }] })],
  ];
  for (const [form, plain] of [...lineForms, ...jsonForms]) {
    for (const [name, wrap] of JSON_SHAPES.filter(([shape]) => shape !== 'in a one-line json fence' || plain.startsWith('{'))) {
      it(`${form} ${name}: the fixed step`, () => {
        assert.deepEqual(repaired(wrap(plain)), { id: 'E2', tool: 'editFile', args: expected });
      });
    }
  }

  it('a reply with no step line: a problem saying what to write', () => {
    assert.match(String(repaired('I could not find the problem.')), /no step line/);
  });

  it('a JSON patch of another step: a problem naming the step to replace', () => {
    assert.match(String(repaired(JSON.stringify({ patch: [{ op: 'replace', id: 'E3', ...JSON.parse(fixedJson) }] }))), /"id": "E2"/);
  });
});
