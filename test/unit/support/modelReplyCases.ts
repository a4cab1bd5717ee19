// A seeded generator of malformed model replies, each for one stage of a run: the planner's plan for a
// goal (truncated mid-line, unknown tools, bad arguments, missing steps, cycles, deep nesting, huge names,
// prototype keys, odd bodies, nothing, no end), the re-planner's patch after a failed step, and the worker's
// answer for proposeEdit and generate. Each says what the run must report: a pattern the error matches,
// naming what was wrong. The seed picks the variants (which tool, where the cut falls, chunk sizes, …).
import type { ScriptedReply } from '../../support/scriptedModelServer';
import { seeded } from './planMutations';

/** Which model call gets the reply, and so how the run is started. */
export type ReplyStage = 'planner' | 'replanner' | 'worker';

/** One malformed reply and what `planwright` must say about it. */
export interface ReplyCase {
  readonly name: string;
  readonly stage: ReplyStage;
  /** What that stage's every request gets. */
  readonly reply: ScriptedReply;
  /** The error the run reports (its reason, or what `plan` prints) matches this. */
  readonly says: RegExp;
  /** How the run ends: cancelled when interrupted; otherwise failed for a worker (no re-plans), else needsReplan. */
  readonly status: 'needsReplan' | 'failed' | 'cancelled';
  /** Whether the run keeps a journal: not when planning failed or was cancelled before any step. */
  readonly journalled: boolean;
  /**
   * The reply never ends, so the test ends the run with SIGINT once the model was asked (`request`) or
   * once the journal holds the first step's success (`firstStep`).
   */
  readonly interruptAfter?: 'request' | 'firstStep';
  /** The worker step the plan has (worker cases). */
  readonly workerTool?: 'proposeEdit' | 'generate';
}

/** A kind's own part of a case; `of` fills in the rest from the stage. */
type Kind = (random: Random) => Omit<ReplyCase, 'stage' | 'status' | 'journalled'> & Partial<Pick<ReplyCase, 'status' | 'journalled'>>;

/** The command every planned run starts with: non-idempotent, and counted by the line it appends. */
export const COUNT_COMMAND = 'echo ran >> count.txt';
const FIRST = `E1 runCommand ${JSON.stringify({ command: COUNT_COMMAND })}`;
const lines = (...text: string[]): string => `${text.join('\n')}\n`;
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The plan file for re-planner and worker cases: the counted command, then the step that breaks (`exit 3`
 * for the re-planner, a worker step otherwise), then a step after it.
 */
export function stagePlan(stage: Exclude<ReplyStage, 'planner'>, worker: ReplyCase['workerTool'] = 'proposeEdit'): object {
  const count = { id: 'E1', title: 'Count', tool: 'runCommand', args: { command: COUNT_COMMAND }, postcondition: { kind: 'fileContains', path: 'count.txt', text: 'ran' } };
  const broken =
    stage === 'replanner'
      ? { id: 'E2', title: 'Build', tool: 'runCommand', args: { command: 'exit 3' }, dependsOn: ['E1'], postcondition: { kind: 'exitCode', equals: 0 } }
      : worker === 'generate'
        ? { id: 'E2', title: 'Draft', tool: 'generate', args: { instruction: 'Write a greeting' }, dependsOn: ['E1'] }
        : { id: 'E2', title: 'Edit', tool: 'proposeEdit', args: { path: 'name.txt', instruction: 'Replace Ada with Grace' }, dependsOn: ['E1'], postcondition: { kind: 'fileContains', path: 'name.txt', text: 'Grace' } };
  const log = { id: 'E3', title: 'Log', tool: 'appendFile', args: { path: 'log.txt', content: 'done\n' }, dependsOn: ['E2'], postcondition: { kind: 'fileContains', path: 'log.txt', text: 'done' } };
  return { version: 1, goal: 'Count, then the step that breaks, then log', steps: [count, broken, log] };
}

type Random = (below: number) => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[random(items.length)]!;
/** A streamed text reply in chunks of a seeded size, so line ends fall anywhere in a chunk. */
const text = (random: Random, content: string): ScriptedReply => ({ content, chunkChars: 7 + random(60) });
const deep = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Bodies that are not a chat completion stream, and what the error says about each. */
const ODD_BODIES: readonly [string, ScriptedReply, RegExp][] = [
  ['an HTML page', { body: '<!doctype html><html><body><h1>Bad Gateway</h1></body></html>', contentType: 'text/html' }, /answered with text\/html instead of a stream of chat completion chunks \(a web page, not an API\)/],
  [
    'a whole JSON body',
    { body: JSON.stringify({ object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: FIRST }, finish_reason: 'stop' }] }), contentType: 'application/json' },
    /answered with application\/json instead of a stream .*a whole JSON body: the server ignored "stream": true/,
  ],
  ['a malformed stream chunk', { body: 'data: {"choices":[{"delta":{"content":"E1 run\n\ndata: {not json}\n\n', contentType: 'text/event-stream' }, /sent a stream chunk that is not JSON: "\{/],
  ['an empty reply', { content: '' }, /The model "\w+" sent an empty reply/],
];

const PLANNER: readonly Kind[] = [
  (random) => {
    const second = 'E2 writeFile {"path":"out.txt","content":"hello"}';
    const cut = second.indexOf('{') + 1 + random(second.length - second.indexOf('{') - 2);
    return { name: `a plan cut at character ${cut} of its second line`, reply: text(random, lines(FIRST, second.slice(0, cut)).trimEnd()), says: /E2: line 2: column \d+: the arguments of writeFile/ };
  },
  () => {
    const cut = FIRST.length + 6;
    return {
      name: 'a plan whose connection drops in the middle of its second line',
      reply: { content: lines(FIRST, 'E2 readFile {"path":"name.txt"}'), chunkChars: cut, cutAfterChunks: 1 },
      says: /the planner's reply broke off: The model endpoint at \S+ closed the connection in the middle of its reply .*broke off after \d+ characters/s,
    };
  },
  (random) => {
    const tool = pick(random, ['frobnicate', 'rm', 'eval', 'mcp__nowhere__x', 'readFiel']);
    return { name: `a step with the unknown tool ${tool}`, reply: text(random, lines(FIRST, `E2 ${tool} {"path":"name.txt"}`)), says: new RegExp(`E2\\.tool: unknown tool "${escape(tool)}"`) };
  },
  (random) => {
    const args = pick(random, ['{path: "name.txt"}', "{'path':'name.txt'}", '{"path":"name.txt",}', '{"path" "name.txt"}']);
    return { name: `a step whose arguments are ${args}`, reply: text(random, lines(FIRST, `E2 readFile ${args}`)), says: /E2: line 2: column \d+: the arguments of readFile are not valid JSON/ };
  },
  (random) => {
    const missing = `E${3 + random(90)}`;
    return random(2) === 0
      ? { name: `a step that uses the output of ${missing}, which is not there`, reply: text(random, lines(FIRST, `E2 writeFile {"path":"out.txt","content":"#${missing}"}`)), says: new RegExp(`E2\\.args\\.content: reference "#${missing}" names no step`) }
      : { name: `a step after ${missing}, which is not there`, reply: text(random, lines(FIRST, `E2 readFile {"path":"name.txt"} after ${missing}`)), says: new RegExp(`E2\\.dependsOn\\[\\d\\]: "${missing}" names no step`) };
  },
  (random) => ({
    name: 'two steps that wait for each other',
    reply: text(random, lines('E1 readFile {"path":"name.txt"} after E2', 'E2 readFile {"path":"name.txt"} after E1')),
    says: /dependency cycle: E1 → E2 → E1/,
  }),
  (random) => {
    const levels = 100_000 + random(1_000);
    return { name: `arguments ${levels} arrays deep`, reply: { content: lines(FIRST, `E2 readFile {"path":"name.txt","x":${deep(levels)}}`), chunkChars: 65_536 }, says: /E2: line 2: column \d+: the arguments of readFile at args\.x: nests deeper than 64 levels/ };
  },
  (random) => {
    const size = 200_000 + random(800_000);
    return { name: `a tool name of ${size} characters`, reply: { content: lines(FIRST, `E2 ${'x'.repeat(size)} {"path":"name.txt"}`), chunkChars: 65_536 }, says: /E2\.tool: must be at most 64 characters/ };
  },
  (random) => {
    const key = pick(random, PROTO_KEYS);
    return { name: `a "${key}" key in a step's arguments`, reply: text(random, lines(FIRST, `E2 readFile {"path":"name.txt","${key}":{"polluted":true}}`)), says: new RegExp(`E2: line 2: column \\d+: the arguments of readFile at args\\.${key}: unknown field`) };
  },
  ...ODD_BODIES.map(([what, reply, says]): Kind => () => ({ name: `${what} for the plan`, reply, says, status: 'failed', journalled: false })),
  () => ({ name: 'a plan that never starts', reply: { hang: true }, says: /^cancelled by SIGINT \(Ctrl-C\) while planning, before any step was journalled: nothing was run and there is nothing to resume; run the goal again to start over$/, interruptAfter: 'request', journalled: false }),
  () => ({ name: 'a plan that stops after its first line and never ends', reply: { content: lines(FIRST, 'E2 readFile {"path":"name.txt"}'), chunkChars: FIRST.length + 1, stallAfterChunks: 1 }, says: /^cancelled by SIGINT \(Ctrl-C\)$/, interruptAfter: 'firstStep' }),
];

const REPLANNER: readonly Kind[] = [
  (random) => ({ name: 'a patch that replaces the finished E1', reply: text(random, lines(`replace E1 runCommand ${JSON.stringify({ command: COUNT_COMMAND })}`)), says: /E1 has succeeded, so it is frozen and cannot be replaced/ }),
  (random) => {
    const line = pick(random, ['move E2 to the end', 'Sure! Here is the fix.', 'E2 runCommand {"command":"true"}']);
    // A sentence alone is prose around no patch at all; the others are patch lines gone wrong.
    const says = line.startsWith('Sure')
      ? /the reply holds no patch line; answer with at least one replace, add or drop line/
      : new RegExp(`expected "replace <id> <step>", "add <id> \\[after <id>\\] <step>" or "drop <id>", got ${escape(JSON.stringify(line))}`);
    return { name: `a patch line ${JSON.stringify(line)}`, reply: text(random, lines(line)), says };
  },
  (random) => {
    const tool = pick(random, ['frobnicate', 'shell', 'runComand']);
    return { name: `a patch with the unknown tool ${tool}`, reply: text(random, lines(`replace E2 ${tool} {"command":"true"}`)), says: new RegExp(`E2\\.tool: unknown tool "${tool}"`) };
  },
  (random) => ({ name: 'a patch whose arguments are not JSON', reply: text(random, lines('replace E2 runCommand {command: true}')), says: /line 1 \(E2\): column \d+: the arguments of runCommand are not valid JSON/ }),
  (random) => {
    const missing = `E${4 + random(90)}`;
    return random(2) === 0
      ? { name: `a patch that drops ${missing}, which is not there`, reply: text(random, lines(`drop ${missing}`)), says: new RegExp(`there is no step ${missing} to drop`) }
      : { name: `a patch that adds a step after ${missing}, which is not there`, reply: text(random, lines(`add E9 after ${missing} readFile {"path":"name.txt"}`)), says: new RegExp(`"after ${missing}": there is no step ${missing}`) };
  },
  (random) => ({ name: 'a patch that makes E2 wait for E3, which waits for it', reply: text(random, lines('replace E2 runCommand {"command":"true"} after E3')), says: /dependency cycle: E2 → E3 → E2/ }),
  (random) => ({ name: 'a patch that adds a step with a taken id', reply: text(random, lines(`add E${1 + random(3)} readFile {"path":"name.txt"}`)), says: /E\d is already a step of the plan; a new step needs a new id/ }),
  (random) => {
    const levels = 100_000 + random(1_000);
    return { name: `a patch ${levels} arrays deep`, reply: { content: lines(`replace E2 readFile {"path":"name.txt","x":${deep(levels)}}`), chunkChars: 65_536 }, says: /line 1 \(E2\): column \d+: the arguments of readFile at args\.x: nests deeper than 64 levels/ };
  },
  (random) => {
    const key = pick(random, PROTO_KEYS);
    return { name: `a patch with a "${key}" key`, reply: text(random, lines(`replace E2 readFile {"path":"name.txt","${key}":{"x":1}}`)), says: new RegExp(`line 1 \\(E2\\): column \\d+: the arguments of readFile at args\\.${key}: unknown field`) };
  },
  (random) => {
    const [what, reply, says] = pick(random, ODD_BODIES);
    return { name: `${what} for the patch`, reply, says: new RegExp(`the re-planner failed: .*${says.source}`) };
  },
  () => ({ name: 'a patch that never starts', reply: { hang: true }, says: /^cancelled by SIGINT \(Ctrl-C\)$/, interruptAfter: 'request' }),
];

const WORKER: readonly Kind[] = [
  (random) => {
    const reply = pick(random, ['Sure, I changed it.', '{"edits":[{"find":"Ada","repl', '<html>no</html>']);
    return { name: `proposeEdit answered ${JSON.stringify(reply)}`, reply: text(random, reply), says: /proposeEdit name\.txt: the reply is not JSON/, workerTool: 'proposeEdit' };
  },
  (random) => {
    const reply = pick(random, ['{"edits":"Grace"}', `{"edits":[{"find":"Ada","replace":"Grace"}],"${pick(random, PROTO_KEYS)}":{"x":1}}`, `{"edits":${deep(100_000)}}`]);
    return { name: `proposeEdit answered ${JSON.stringify(reply.slice(0, 60))}`, reply: { content: reply, chunkChars: 65_536 }, says: /proposeEdit name\.txt: the reply does not have the shape \{"edits": \[\{"find", "replace"\}\]\}/, workerTool: 'proposeEdit' };
  },
  (random) => ({ name: 'proposeEdit finds text the file does not hold', reply: text(random, '{"edits":[{"find":"Bob","replace":"Grace"}]}'), says: /proposeEdit name\.txt: the model's find text "Bob" occurs 0 times/, workerTool: 'proposeEdit' }),
  (random) => {
    const [what, reply, says] = pick(random, ODD_BODIES);
    return { name: `${what} for generate`, reply, says: new RegExp(`generate: .*${says.source}`), workerTool: 'generate' };
  },
  () => ({ name: 'a generate reply that never ends', reply: { content: 'Hello, Ada, and welcome', chunkChars: 6, stallAfterChunks: 1 }, says: /^cancelled by SIGINT \(Ctrl-C\)$/, interruptAfter: 'request', workerTool: 'generate' }),
];

/** Every kind of malformed reply once, its variants picked by `seed`. */
export function replyCases(seed: number): ReplyCase[] {
  const random = seeded(seed);
  const of = (stage: ReplyStage, kinds: readonly Kind[]): ReplyCase[] =>
    kinds.map((kind) => {
      const made = kind(random);
      const status = made.interruptAfter ? 'cancelled' : stage === 'worker' ? 'failed' : 'needsReplan';
      return { status, journalled: true, ...made, stage };
    });
  return [...of('planner', PLANNER), ...of('replanner', REPLANNER), ...of('worker', WORKER)];
}
