import * as assert from 'node:assert/strict';
import { plannerSystemMessage } from '../../../src/core/planner/plannerPrefix';
import { buildPlannerPrompt } from '../../../src/core/planner/plannerPrompt';
import { planTask } from '../../../src/core/planner/planTask';
import { summarizeWorkspace } from '../../../src/core/planner/workspaceSummary';
import { ModelReplanner } from '../../../src/core/replanner/modelReplanner';
import { buildReplanPrompt, replanFilesInPlay } from '../../../src/core/replanner/replanPrompt';
import { globMatches } from '../../../src/core/rules/globMatch';
import {
  boundRules,
  instructionsApply,
  loadProjectRules,
  pathsNamedIn,
  PROJECT_RULES_LIMITS,
  projectRulesMessage,
  projectRulesSource,
  readInstructions,
} from '../../../src/core/rules/projectRules';
import { readEnvSettings, type EnvSettings } from '../../../src/cli/envInput';
import { applyProjectRulesFlag } from '../../../src/cli/modelsFromEnv';

const projectRulesOn = (env: Readonly<Record<string, string | undefined>>) => (readEnvSettings(env) as { settings: EnvSettings }).settings.projectRules;
import { MemoryWorkspace, ScriptedChatModel } from '../support/fakePorts';
import { REPLAN_REQUEST } from '../planner/replanFixtures';

const TS_RULES = '---\napplyTo: "src/**/*.ts, test/*.ts"\n---\nUse named exports.\n';
const DOCS_RULES = "---\napplyTo: '**/*.md'\n---\nWrite docs in plain words.\n";

function rulesWorkspace(extra: Record<string, string> = {}): MemoryWorkspace {
  return new MemoryWorkspace({
    'AGENTS.md': 'Run npm test before you finish.',
    'CLAUDE.md': 'Never edit generated files.',
    '.github/copilot-instructions.md': 'Prefer small commits.',
    '.github/instructions/ts.instructions.md': TS_RULES,
    '.github/instructions/docs.instructions.md': DOCS_RULES,
    'src/cli.ts': 'export {};',
    ...extra,
  });
}

describe('globMatches', () => {
  it('spans folders with **, stays in one folder with * and ?, and picks among {a,b}', () => {
    assert.ok(globMatches('src/**/*.ts', 'src/cli.ts'));
    assert.ok(globMatches('src/**/*.ts', 'src/a/b/cli.ts'));
    assert.ok(!globMatches('src/*.ts', 'src/a/cli.ts'));
    assert.ok(globMatches('**/*.{js,ts}', 'lib/x.js'));
    assert.ok(!globMatches('**/*.{js,ts}', 'lib/x.json'));
    assert.ok(globMatches('./test/?.ts', 'test/a.ts'));
    assert.ok(!globMatches('', 'a.ts'));
  });
});

describe('project rules', () => {
  it('reads applyTo from the front matter of an instructions file, and its body', () => {
    assert.deepEqual(readInstructions(TS_RULES), { applyTo: ['src/**/*.ts', 'test/*.ts'], body: 'Use named exports.\n' });
    assert.deepEqual(readInstructions('no front matter'), { applyTo: [], body: 'no front matter' });
  });

  it('applies scoped instructions only to matching files in play; ** applies always, no applyTo never', () => {
    assert.ok(instructionsApply(['src/**/*.ts'], ['src/cli.ts']));
    assert.ok(!instructionsApply(['src/**/*.ts'], ['README.md']));
    assert.ok(instructionsApply(['**'], []));
    assert.ok(!instructionsApply([], ['src/cli.ts']));
  });

  it('finds the files a goal names, leaving out version numbers', () => {
    assert.deepEqual(pathsNamedIn('Add --verbose to src/cli.ts and document it in README.md (v1.2)'), ['src/cli.ts', 'README.md']);
  });

  it('reads AGENTS.md, copilot-instructions, the matching scoped instructions and CLAUDE.md, in that order', async () => {
    const rules = await loadProjectRules(rulesWorkspace(), ['src/cli.ts']);
    assert.deepEqual(rules.files.map((file) => file.path), ['AGENTS.md', '.github/copilot-instructions.md', '.github/instructions/ts.instructions.md', 'CLAUDE.md']);
    assert.equal(rules.files[2]!.text, 'Use named exports.');
    assert.deepEqual(rules.omitted, []);
  });

  it('cuts a long file to its limit and leaves out files past the total budget, naming them', () => {
    const long = 'x'.repeat(PROJECT_RULES_LIMITS.fileChars + 100);
    const rules = boundRules([
      { path: 'AGENTS.md', text: long },
      { path: 'a.instructions.md', text: long },
      { path: 'CLAUDE.md', text: 'short' },
    ]);
    assert.deepEqual(rules.files.map((file) => [file.path, file.truncated, file.text.length]), [['AGENTS.md', true, PROJECT_RULES_LIMITS.fileChars], ['a.instructions.md', true, PROJECT_RULES_LIMITS.fileChars]]);
    assert.deepEqual(rules.omitted, ['CLAUDE.md']);
    assert.match(projectRulesMessage({ files: [], omitted: [] }) === undefined ? 'none' : 'some', /none/);
  });
});

describe('project rules in the prompts', () => {
  it('go right after the shared prefix, which stays first and byte for byte the same', async () => {
    const summary = await summarizeWorkspace(rulesWorkspace(), { projectRules: true, goal: 'Fix src/cli.ts' });
    const messages = buildPlannerPrompt('Fix src/cli.ts', summary);
    assert.equal(messages.length, 3);
    assert.deepEqual(messages[0], plannerSystemMessage());
    assert.match(messages[1]!.content, /<<< AGENTS\.md\nRun npm test before you finish\.\n>>>/);
    assert.match(messages[1]!.content, /<<< \.github\/instructions\/ts\.instructions\.md\nUse named exports\./);
    assert.ok(!messages[1]!.content.includes('plain words'), 'docs instructions do not apply to src/cli.ts');
    assert.match(messages[2]!.content, /^Task: /);
  });

  it('are left out unless asked for, so a prompt without them is unchanged', async () => {
    const summary = await summarizeWorkspace(rulesWorkspace());
    assert.equal(summary.rules, undefined);
    const messages = buildPlannerPrompt('Fix src/cli.ts', summary);
    assert.equal(messages.length, 2);
    const none = await summarizeWorkspace(new MemoryWorkspace({ 'src/cli.ts': '' }), { projectRules: true });
    assert.equal(none.rules, undefined);
  });

  it('are named in the planner call\'s usage record, which the trace keeps', async () => {
    const summary = await summarizeWorkspace(rulesWorkspace(), { projectRules: true, goal: 'Fix src/cli.ts' });
    const model = new ScriptedChatModel(['E1 readFile {"path":"src/cli.ts"}']);
    const planned = await planTask('Fix src/cli.ts', summary, model);
    assert.deepEqual(planned.usage[0]!.rules, ['AGENTS.md', '.github/copilot-instructions.md', '.github/instructions/ts.instructions.md', 'CLAUDE.md']);
    assert.deepEqual(model.requests[0]!.projectRules, planned.usage[0]!.rules);
  });

  it('reach the re-planner for the files the broken step and its dependents name', async () => {
    assert.deepEqual(replanFilesInPlay(REPLAN_REQUEST), ['src/cli.ts']);
    const rules = await loadProjectRules(rulesWorkspace(), replanFilesInPlay(REPLAN_REQUEST));
    const messages = buildReplanPrompt(REPLAN_REQUEST, rules);
    assert.deepEqual(messages[0], plannerSystemMessage());
    assert.match(messages[1]!.content, /Use named exports\./);
    const model = new ScriptedChatModel(['drop E3']);
    const answer = await new ModelReplanner(model, projectRulesSource(rulesWorkspace())).replan(REPLAN_REQUEST, new AbortController().signal, () => []);
    assert.ok(answer.usage[0]!.rules?.includes('AGENTS.md'));
    assert.equal(model.requests[0]!.messages.length, 3);
  });
});

describe('the CLI switch for project rules', () => {
  it('takes --no-project-rules out of the arguments and turns rules off in the environment', () => {
    const applied = applyProjectRulesFlag(['run', '--no-project-rules', '--json'], { PATH: '/bin' });
    assert.deepEqual(applied.args, ['run', '--json']);
    assert.equal(projectRulesOn(applied.env), false);
    assert.equal(projectRulesOn({}), true);
    assert.equal(projectRulesOn({ PLANWRIGHT_PROJECT_RULES: 'false' }), false);
  });
});
