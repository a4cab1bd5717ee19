// A seeded generator of broken and hostile plan files: each mutation takes a sound plan and breaks it one way
// (ids dropped or repeated, cycles, dangling references, wrong types, unknown tools, oversized fields,
// paths that leave the workspace, prototype keys, deep nesting, truncated JSON, ...), and says what the
// gate must answer: a pattern the first problem line matches, naming what is wrong and where. One kind
// passes the gate and is refused by the file system check (a path that leaves through a symlink).

/** One mutated plan file and what `planwright` must say about it. */
export interface PlanMutation {
  readonly name: string;
  /** The plan file's text. */
  readonly text: string;
  /**
   * `refused`: the gate refuses it (exit 2, nothing runs); `failsAtRun`: only the file system shows what is
   * wrong, so `validate --workspace` refuses it and a run fails the step when it comes to it.
   */
  readonly outcome: 'refused' | 'failsAtRun';
  /** The first problem line, and for `failsAtRun` the failed step's error, match this. */
  readonly says: RegExp;
}

type Steps = Record<string, unknown>[];

/** The sound plan every mutation starts from: a read, a write that uses it, an append, a command. */
function basePlan(): { version: number; goal: string; steps: Steps } {
  return {
    version: 1,
    goal: 'Copy the name and log it',
    steps: [
      { id: 'E1', title: 'Read the name', tool: 'readFile', args: { path: 'name.txt' } },
      { id: 'E2', title: 'Copy it', tool: 'writeFile', args: { path: 'copy.txt', content: '#E1' }, postcondition: { kind: 'fileExists', path: 'copy.txt' } },
      { id: 'E3', title: 'Log', tool: 'appendFile', args: { path: 'log.txt', content: 'copied\n' }, dependsOn: ['E2'], postcondition: { kind: 'fileContains', path: 'log.txt', text: 'copied' } },
      { id: 'E4', title: 'Check', tool: 'runCommand', args: { command: 'true' }, dependsOn: ['E3'], postcondition: { kind: 'exitCode', equals: 0 } },
    ],
  };
}

/** A deterministic stream of numbers below a bound, from `seed`. */
export function seeded(seed: number): (below: number) => number {
  let state = seed >>> 0 || 1;
  return (below) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % below;
  };
}

const HOSTILE_PATHS = ['../outside/stolen.txt', '/etc/passwd', 'a/../../outside/x', '..', 'ws/../../x', 'C:\\Windows\\x', '\\\\server\\share\\x', 'a\u0000b', '~/.ssh/id_rsa'];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const WRONG_VALUES: readonly [string, unknown, RegExp][] = [
  ['title', 42, /^E\d\.title: /],
  ['dependsOn', 'E1', /^E\d\.dependsOn: /],
  ['args', 'name.txt', /^E\d\.args: /],
  ['postcondition', { kind: 'fileExists' }, /^E\d\.postcondition\.path: /],
  ['idempotent', 'yes', /^E\d\.idempotent: /],
];

const plan = (steps: Steps, top: Record<string, unknown> = {}): string => JSON.stringify({ ...basePlan(), ...top, steps });

/** The mutations of one kind, built with `random`. */
const KINDS: readonly ((random: (below: number) => number) => PlanMutation)[] = [
  (random) => {
    const steps = basePlan().steps;
    const index = random(steps.length);
    delete steps[index]!.id;
    return { name: `step ${index + 1} without an id`, text: plan(steps), outcome: 'refused', says: new RegExp(`^steps\\[${index}\\]\\.id: `) };
  },
  (random) => {
    const steps = basePlan().steps;
    const index = 1 + random(steps.length - 1);
    steps[index]!.id = steps[index - 1]!.id;
    return { name: `step ${index + 1} repeats the id before it`, text: plan(steps), outcome: 'refused', says: new RegExp(`duplicate step id "E${index}"`) };
  },
  (random) => {
    const steps = basePlan().steps;
    const from = random(2);
    steps[from]!.dependsOn = ['E4'];
    return { name: `E${from + 1} waits for E4, which waits for it`, text: plan(steps), outcome: 'refused', says: /dependency cycle: E\d( → E\d)+/ };
  },
  (random) => {
    const steps = basePlan().steps;
    const missing = `E${9 + random(90)}`;
    steps[2]!.dependsOn = [missing];
    return { name: `E3 waits for ${missing}, which does not exist`, text: plan(steps), outcome: 'refused', says: new RegExp(`^E3\\.dependsOn\\[0\\]: "${missing}" names no step`) };
  },
  (random) => {
    const steps = basePlan().steps;
    const missing = `E${9 + random(90)}`;
    (steps[1]!.args as Record<string, unknown>).content = `from #${missing}`;
    return { name: `E2 references #${missing}`, text: plan(steps), outcome: 'refused', says: new RegExp(`^E2\\.args\\.content: reference "#${missing}" names no step`) };
  },
  (random) => {
    const steps = basePlan().steps;
    const [field, value, says] = WRONG_VALUES[random(WRONG_VALUES.length)]!;
    steps[1]![field] = value;
    return { name: `E2.${field} of the wrong type`, text: plan(steps), outcome: 'refused', says };
  },
  (random) => {
    const steps = basePlan().steps;
    const index = random(steps.length);
    steps[index]!.tool = ['readFiel', 'rm -rf', 'eval', 'mcp__nowhere__x'][random(4)];
    return { name: `step ${index + 1} with an unknown tool`, text: plan(steps), outcome: 'refused', says: new RegExp(`^E${index + 1}\\.tool: unknown tool`) };
  },
  (random) => {
    const steps = basePlan().steps;
    const which = random(3);
    const huge = 'x'.repeat(200_000 + random(100_000));
    if (which === 0) steps[0]!.tool = huge;
    else if (which === 1) steps[0]!.title = huge;
    else steps[0]![huge] = 1;
    return { name: `a ${huge.length}-character ${['tool name', 'title', 'field name'][which]}`, text: plan(steps), outcome: 'refused', says: [/^E1\.tool: /, /^E1\.title: .*at most 500 characters/, /^E1\["x{63}…"\]: unknown field \(a name of \d+ characters/][which]! };
  },
  (random) => {
    const steps = basePlan().steps;
    const path = HOSTILE_PATHS[random(HOSTILE_PATHS.length)]!;
    (steps[1]!.args as Record<string, unknown>).path = path;
    return { name: `E2 writes ${JSON.stringify(path)}`, text: plan(steps), outcome: 'refused', says: /^E2\.args\.path: / };
  },
  (random) => {
    const key = PROTO_KEYS[random(PROTO_KEYS.length)]!;
    const where = random(3);
    // Written as text: an object literal would set the prototype instead of making a key.
    const base = plan(basePlan().steps);
    const text = where === 0
      ? base.replace('"args":{"path":"name.txt"}', `"args":{"path":"name.txt","${key}":{"polluted":true}}`)
      : where === 1
        ? base.replace('{"id":"E1",', `{"id":"E1","${key}":{"polluted":true},`)
        : base.replace('{"version":1,', `{"version":1,"${key}":{"polluted":true},`);
    return { name: `a "${key}" key ${['in E1.args', 'in E1', 'at the top'][where]}`, text, outcome: 'refused', says: [new RegExp(`^E1\\.args\\.${key}: unknown field`), new RegExp(`^E1\\.${key}: unknown field`), new RegExp(`^${key}: unknown field`)][where]! };
  },
  (random) => {
    const steps = basePlan().steps;
    const levels = 1_000 + random(20_000);
    // Written as text: a value this deep would overflow the stack of JSON.stringify.
    if (random(2) === 0) {
      const check = `${'{"kind":"not","check":'.repeat(levels)}{"kind":"fileExists","path":"copy.txt"}${'}'.repeat(levels)}`;
      const text = plan(steps).replace('"postcondition":{"kind":"fileExists","path":"copy.txt"}', `"postcondition":${check}`);
      return { name: `a check ${levels} nots deep`, text, outcome: 'refused', says: /^(E2|steps\[1\])\.postcondition: nests deeper than 64 levels/ };
    }
    const text = plan(steps).replace('"args":{"path":"name.txt"}', `"args":{"path":"name.txt","x":${'['.repeat(levels)}${']'.repeat(levels)}}`);
    return { name: `an argument ${levels} arrays deep`, text, outcome: 'refused', says: /^(E1|steps\[0\])\.args: nests deeper than 64 levels/ };
  },
  (random) => {
    const text = plan(basePlan().steps);
    const cut = 1 + random(text.length - 2);
    return { name: `the file cut at byte ${cut}`, text: text.slice(0, cut), outcome: 'refused', says: /invalid JSON at line \d+, column \d+/ };
  },
  (random) => {
    const steps = basePlan().steps;
    const index = 1 + random(2);
    delete steps[index]!.postcondition;
    return { name: `E${index + 1} changes a file without a postcondition`, text: plan(steps), outcome: 'refused', says: new RegExp(`^E${index + 1}\\.postcondition: Required`) };
  },
  (random) => {
    const text = ['[]', '"a plan"', 'null', '42', '{}', '{"version":1,"goal":"g","steps":[]}'][random(6)]!;
    return { name: `the file is ${text}`, text, outcome: 'refused', says: /a plan must be a JSON object|steps|version|goal/ };
  },
  (random) => {
    const steps = basePlan().steps;
    const [field, value] = ([['version', 2], ['goal', ''], ['steps', { E1: {} }]] as const)[random(3)]!;
    return { name: `the plan's ${field} is ${JSON.stringify(value)}`, text: JSON.stringify({ ...basePlan(), steps, [field]: value }), outcome: 'refused', says: new RegExp(`^${field}: `) };
  },
  (random) => {
    const steps = basePlan().steps;
    steps[1]!.args = { path: `link/${['stolen.txt', 'deep/x.txt'][random(2)]}`, content: '#E1' };
    steps[1]!.postcondition = { kind: 'fileExists', path: 'copy.txt' };
    return { name: 'E2 writes through a link that leaves the workspace', text: plan(steps), outcome: 'failsAtRun', says: /^(E2\.args\.path: |writeFile ).*link\/.*is outside the workspace/ };
  },
];

/** Every kind of mutation once, then `extra` more of random kinds, all from `seed`. */
export function planMutations(seed: number, extra = 0): PlanMutation[] {
  const random = seeded(seed);
  const kinds = [...KINDS, ...Array.from({ length: extra }, () => KINDS[random(KINDS.length)]!)];
  return kinds.map((kind) => kind(random));
}
