// The chat surfaces inside a real extension host: the four Language Model Tools invoked through
// `vscode.lm.invokeTool` (results and confirmation messages), the `@planwright` handler with its real
// response types, and — through a scripted model that a test-only extension serves with VS Code's proposed
// model-provider API (test/integration/lmProvider) — Plan a Task… over the Language Model API, `/plan` with the
// chat's model (the workspace's AGENTS.md in its prompt), a question answered from the run, and runPlan.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GoalResult } from '../../../src/core/fused/runGoal';
import { LM_TOOLS } from '../../../src/core/chat/toolInputs';
import { defaultHostSettings } from '../../../src/core/hostSettings';
import { COMMANDS } from '../../../src/vscode/ids';
import { planwrightChatHandler, type PlanwrightChatStream } from '../../../src/vscode/chat/chatParticipant';
import { planwrightTools } from '../../../src/vscode/chat/planwrightTools';
import { VscodeWorkspace } from '../../../src/vscode/workspace/vscodeWorkspace';
import { planwright, setUserSetting, until, workspaceUri } from './support';

const PROVIDER_ID = 'planwright-test.lm-provider';

/** What the test-only provider extension exports. */
interface ScriptedProvider {
  readonly registered: boolean;
  readonly error?: string;
  readonly replies: string[];
  readonly requests: { readonly extensionId: string; readonly text: string }[];
}

/** A read-only plan: it runs without an approval under the default settings. */
const READ_PLAN = {
  version: 1,
  goal: 'Read the manifest and the README',
  steps: [
    { id: 'E1', title: 'Read the manifest', tool: 'readFile', args: { path: 'package.json' } },
    { id: 'E2', title: 'Read the README', tool: 'readFile', args: { path: 'README.md' } },
  ],
};

/** The text parts of a tool result, joined. */
function textOf(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/** A response stream that records what the handler wrote. */
class RecordingStream implements PlanwrightChatStream {
  readonly markdowns: string[] = [];
  readonly progressed: string[] = [];
  readonly buttons: vscode.Command[] = [];
  markdown(value: string | vscode.MarkdownString): void {
    this.markdowns.push(typeof value === 'string' ? value : value.value);
  }
  progress(value: string): void {
    this.progressed.push(value);
  }
  button(command: vscode.Command): void {
    this.buttons.push(command);
  }
  get text(): string {
    return this.markdowns.join('');
  }
}

const token = new vscode.CancellationTokenSource().token;

async function closePlan(): Promise<void> {
  const { session } = await planwright();
  await session.runs.forget();
  await session.loadedPlan.set(undefined);
}

describe('Language Model Tools and @planwright', () => {
  after(closePlan);

  it('registers the four tools with their input schemas and tags', async () => {
    await planwright();
    const names = Object.values(LM_TOOLS).map((tool) => tool.name);
    const registered = await until('the tools to be registered', () => names.every((name) => vscode.lm.tools.some((tool) => tool.name === name)) && vscode.lm.tools);
    const validate = registered.find((tool) => tool.name === LM_TOOLS.validatePlan.name)!;
    assert.deepEqual((validate.inputSchema as { required?: string[] }).required, ['plan']);
    assert.ok(validate.tags.includes('planwright'));
  });

  it('validatePlan lists every problem of an invalid plan and counts the steps of a valid one', async () => {
    const invalid = await vscode.lm.invokeTool(LM_TOOLS.validatePlan.name, { input: { plan: { version: 1, goal: 'g', steps: [{ id: 'E1', title: 't', tool: 'nope', args: {} }] } }, toolInvocationToken: undefined }, token);
    assert.match(textOf(invalid), /^The plan is not valid \(1 problem\):\n- E1\.tool: unknown tool "nope"/);
    const valid = await vscode.lm.invokeTool(LM_TOOLS.validatePlan.name, { input: { plan: JSON.stringify(READ_PLAN) }, toolInvocationToken: undefined }, token);
    assert.equal(textOf(valid), 'The plan is valid: 2 steps for "Read the manifest and the README".');
  });

  it('proposePlan puts a valid plan in the tree and runs nothing; it asks first only when it replaces an open plan', async () => {
    const { session } = await planwright();
    await closePlan();
    const tools = planwrightTools(session);
    const quiet = await tools.proposePlan.prepareInvocation!({ input: { plan: READ_PLAN } }, token);
    assert.equal(quiet?.confirmationMessages, undefined);
    const result = await vscode.lm.invokeTool(LM_TOOLS.proposePlan.name, { input: { plan: READ_PLAN }, toolInvocationToken: undefined }, token);
    assert.match(textOf(result), /is in the Planwright view for the user to review and edit\. Nothing ran\./);
    assert.equal(session.plan?.goal, READ_PLAN.goal);
    assert.equal(session.runs.state, undefined);
    const replacing = await tools.proposePlan.prepareInvocation!({ input: { plan: { ...READ_PLAN, goal: 'Another goal' } } }, token);
    assert.deepEqual(replacing?.confirmationMessages, {
      title: 'Replace the open Planwright plan?',
      message: 'Replaces the plan "Read the manifest and the README" with the proposed plan "Another goal" (2 steps) in the Planwright view. Nothing runs.',
    });
  });

  it('runPlan says exactly what it will run and returns the run report; runStatus and /status read it back', async () => {
    const { session, revisions } = await planwright();
    const tools = planwrightTools(session);
    const folder = vscode.workspace.workspaceFolders![0]!.name;
    const prepared = await tools.runPlan.prepareInvocation!({ input: {} }, token);
    assert.deepEqual(prepared?.confirmationMessages, {
      title: 'Run the Planwright plan?',
      message: `Runs the plan "Read the manifest and the README" (2 steps) in ${folder}. Steps that change files or run commands still wait for your approval in the Planwright view, as your settings say.`,
    });
    // Invoked directly: outside a chat session VS Code would show this confirmation as a modal dialog.
    const result = await tools.runPlan.invoke({ input: {}, toolInvocationToken: undefined }, token);
    const report = JSON.parse(textOf(result as vscode.LanguageModelToolResult)) as { status: string; steps: { id: string; status: string }[] };
    assert.equal(report.status, 'succeeded');
    assert.deepEqual(report.steps.map((step) => step.status), ['succeeded', 'succeeded']);
    const status = await vscode.lm.invokeTool(LM_TOOLS.runStatus.name, { input: {}, toolInvocationToken: undefined }, token);
    assert.match(textOf(status), /^\*\*Read the manifest and the README\*\*: succeeded\b.*\. 2 steps succeeded\./);
    const stream = new RecordingStream();
    const handler = planwrightChatHandler({ session, log: { info: () => undefined } as unknown as vscode.LogOutputChannel, ports: () => { throw new Error('not used'); }, settings: () => { throw new Error('not used'); }, revisions });
    const model = undefined as unknown as vscode.LanguageModelChat;
    await handler({ prompt: '', command: 'status', model }, {}, stream, token);
    assert.match(stream.text, /\*\*Read the manifest and the README\*\*: succeeded/);
    const why = new RecordingStream();
    await handler({ prompt: '', command: 'why', model }, {}, why, token);
    assert.equal(why.text, 'No step failed in this run.');
  });
});

describe('the Language Model API path, with a scripted model from the proposed model-provider API', () => {
  let provider: ScriptedProvider;

  before(async () => {
    const extension = vscode.extensions.getExtension<ScriptedProvider>(PROVIDER_ID);
    assert.ok(extension, `${PROVIDER_ID} is loaded beside Planwright (test/integration/runTest.ts)`);
    provider = await extension.activate();
    await vscode.workspace.fs.writeFile(workspaceUri('AGENTS.md'), new TextEncoder().encode('Always run the tests after a change.\n'));
  });

  after(async () => {
    for (const key of ['provider', 'languageModelVendor']) await setUserSetting(key, undefined);
    await vscode.workspace.fs.delete(workspaceUri('AGENTS.md'));
    await closePlan();
  });

  it('registers a chat model that vscode.lm.selectChatModels finds', async () => {
    assert.equal(provider.error, undefined);
    assert.ok(provider.registered);
    const models = await until('the scripted model to be selectable', async () => {
      const found = await vscode.lm.selectChatModels({ vendor: 'planwright-test' });
      return found.length > 0 && found;
    });
    assert.equal(models[0]!.family, 'scripted');
  });

  it('Plan a Task… plans over the Language Model API, with the workspace\'s AGENTS.md in the prompt', async () => {
    const { session } = await planwright();
    await closePlan();
    await setUserSetting('provider', 'vscode-lm');
    await setUserSetting('languageModelVendor', 'planwright-test');
    provider.replies.push('E1 readFile {"path":"package.json"}\nE2 readFile {"path":"README.md"}');
    // Split mode streams the plan into a run: two reads need no approval, so it runs to its end.
    const planned = await vscode.commands.executeCommand<GoalResult | false>(COMMANDS.planTask, 'Read the manifest and the README');
    assert.ok(planned, 'planning over the Language Model API failed');
    assert.equal(planned.report?.status, 'succeeded');
    assert.deepEqual(session.plan?.steps.map((step) => step.tool), ['readFile', 'readFile']);
    const request = provider.requests.at(-1)!;
    assert.equal(request.extensionId, 'planwright.planwright');
    assert.match(request.text, /<<< AGENTS\.md\nAlways run the tests after a change\.\n>>>/);
  });

  it('@planwright /plan plans with the chat\'s model and puts the plan in the tree; a question is answered from the run', async () => {
    const { session, revisions } = await planwright();
    await closePlan();
    const [model] = await vscode.lm.selectChatModels({ vendor: 'planwright-test' });
    assert.ok(model);
    const log = vscode.window.createOutputChannel('Planwright chat test', { log: true });
    const handler = planwrightChatHandler({
      session,
      log,
      ports: (folder) => ({ workspace: new VscodeWorkspace(folder.uri), commands: { run: () => Promise.reject(new Error('planning runs no command')) } }),
      settings: () => ({ ...defaultHostSettings(), projectRules: true }),
      revisions,
    });
    provider.replies.push('E1 readFile {"path":"package.json"}');
    const stream = new RecordingStream();
    const result = await handler({ prompt: 'Read the manifest', command: 'plan', model }, {}, stream, token);
    assert.deepEqual(result.metadata, { command: 'plan' });
    assert.match(stream.text, /The plan is in the Planwright view: review, edit and approve it there\. Nothing has run\./);
    assert.deepEqual(stream.buttons.map((button) => button.command), ['planwright.plan.focus', COMMANDS.runPlan]);
    assert.ok(stream.progressed.some((line) => line.startsWith('Planning with Scripted')), stream.progressed.join(' | '));
    assert.equal(session.plan?.goal, 'Read the manifest');
    assert.match(provider.requests.at(-1)!.text, /Always run the tests after a change\./);
    provider.replies.push('Nothing has run yet.');
    const asked = new RecordingStream();
    await handler({ prompt: 'Did anything fail?', command: undefined, model }, {}, asked, token);
    assert.equal(asked.text, 'Nothing has run yet.');
    assert.match(provider.requests.at(-1)!.text, /\*\*Read the manifest\*\*: not run yet/);

    // /revise with a step id: the chat's model answers a patch scoped to E1; the review (the words every door
    // shows) comes with Apply and Discard, and Apply puts it in the tree's plan.
    provider.replies.push('replace E1 readFile {"path":"README.md"}');
    const revised = new RecordingStream();
    await handler({ prompt: 'E1 read the README instead', command: 'revise', model }, {}, revised, token);
    assert.match(provider.requests.at(-1)!.text, /Comment on E1: read the README instead/);
    assert.match(revised.text, /Revision of 1 [^\n]*: "read the README instead"\n\n\*\*Changed\*\*\n- 1 .*\(E1[^\n]*\): [^\n]*args/);
    assert.match(revised.text, /Nothing changes until you apply it\./);
    assert.deepEqual(revised.buttons.map((button) => button.command), [COMMANDS.applyRevision, COMMANDS.discardRevision]);
    assert.deepEqual(session.plan?.steps[0]?.args, { path: 'package.json' }, 'nothing changes before Apply');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.applyRevision), true);
    assert.deepEqual(session.plan?.steps[0]?.args, { path: 'README.md' });
    log.dispose();
  });
});
