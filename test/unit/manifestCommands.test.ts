// Checks package.json against src/vscode/ids.ts and the code in both directions: every contributed command is
// an id and is registered, every id and registration is contributed; views, view containers, menus, `when`
// clauses, the welcome view and icons only name things that exist.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DONE_WHEN_GROUP_CONTEXT_VALUE, doneWhenCheckContextValue, WHEN_DONE_WHEN_CHECK, WHEN_DONE_WHEN_GROUP } from '../../src/core/view/doneWhenRows';
import { planContextValue, RUN_ENDED_ROWS, RUN_STOPPED_ROWS, STEP_FLAGS, stepContextValue, WHEN_PLAN_ROW, whenPlanIs, whenStepHasFlag, whenStepIs } from '../../src/core/view/stepContextValue';
import { waitingContextValue, whenWaiting } from '../../src/core/view/waitingSection';
import { WHEN_RUN_LIVE, WHEN_RUN_ROW } from '../../src/core/view/runsSection';
import { COMMANDS, CONTEXT_KEYS, VIEW_CONTAINERS, VIEWS } from '../../src/vscode/ids';
import { localizedManifest } from './support/localizedManifest';

const ROOT = path.resolve(__dirname, '..', '..', '..');

interface CommandContribution {
  command: string;
  title: string;
  category?: string;
  icon?: unknown;
}
interface MenuItem {
  command?: string;
  when?: string;
  group?: string;
}
interface Manifest {
  activationEvents?: string[];
  contributes: {
    commands?: CommandContribution[];
    viewsContainers?: Record<string, { id: string; title: string; icon: string }[]>;
    views?: Record<string, { id: string; name: string; icon?: string }[]>;
    viewsWelcome?: { view: string; contents: string; when?: string }[];
    menus?: Record<string, MenuItem[]>;
  };
}

const manifest = localizedManifest() as Manifest;
const contributes = manifest.contributes;
const contributedCommands = (contributes.commands ?? []).map((entry) => entry.command);
const commandIds = Object.values(COMMANDS) as string[];
const menuItems = Object.entries(contributes.menus ?? {}).flatMap(([menu, items]) => items.map((item) => ({ menu, ...item })));
const whenClauses = [
  ...menuItems.map((item) => item.when),
  ...(contributes.viewsWelcome ?? []).map((entry) => entry.when),
].filter((when): when is string => when !== undefined);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? tsFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Command ids passed to registerCommand in src/vscode and src/extension.ts, as `COMMANDS.key` or a literal. */
function registeredCommands(): string[] {
  const files = [...tsFiles(path.join(ROOT, 'src', 'vscode')), path.join(ROOT, 'src', 'extension.ts')];
  const byKey = COMMANDS as Readonly<Record<string, string>>;
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/registerCommand\(\s*(?:COMMANDS\.(\w+)|'([^']+)'|"([^"]+)")/g)].map(
      (match) => (match[1] !== undefined ? (byKey[match[1]] ?? `COMMANDS.${match[1]} (no such key)`) : (match[2] ?? match[3] ?? '')),
    ),
  );
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('package.json commands', () => {
  it('contributes exactly the commands in ids.ts', () => {
    assert.deepEqual(sorted(contributedCommands), sorted(commandIds));
  });

  it('registers every command in ids.ts exactly once, and nothing else', () => {
    assert.deepEqual(sorted(registeredCommands()), sorted(commandIds));
  });

  it('names every command planwright.verbNoun, with a title, in the Planwright category', () => {
    for (const entry of contributes.commands ?? []) {
      assert.match(entry.command, /^planwright\.[a-z]+[A-Za-z]*$/, entry.command);
      assert.ok(entry.title.trim().length > 0, `${entry.command} has no title`);
      assert.equal(entry.category, 'Planwright', `${entry.command} category`);
    }
  });

  it('activates lazily, never on *', () => {
    assert.ok(!(manifest.activationEvents ?? []).includes('*'));
  });
});

describe('package.json views', () => {
  it('contributes exactly the view containers in ids.ts, each with an existing icon', () => {
    const containers = Object.values(contributes.viewsContainers ?? {}).flat();
    assert.deepEqual(sorted(containers.map((container) => container.id)), sorted(Object.values(VIEW_CONTAINERS)));
    for (const container of containers) assert.ok(existsSync(path.join(ROOT, container.icon)), container.icon);
  });

  it('contributes exactly the views in ids.ts, each inside a contributed container', () => {
    const containerIds = new Set<string>(Object.values(VIEW_CONTAINERS));
    for (const location of Object.keys(contributes.views ?? {})) {
      assert.ok(containerIds.has(location) || ['explorer', 'scm', 'debug', 'test'].includes(location), location);
    }
    const views = Object.values(contributes.views ?? {}).flat();
    assert.deepEqual(sorted(views.map((view) => view.id)), sorted(Object.values(VIEWS)));
  });

  it('gives the plan view a welcome view whose buttons run contributed commands', () => {
    const welcome = (contributes.viewsWelcome ?? []).filter((entry) => entry.view === VIEWS.plan);
    assert.ok(welcome.length > 0, 'no viewsWelcome entry for the plan view');
    const linked = welcome.flatMap((entry) => [...entry.contents.matchAll(/\(command:([\w.]+)/g)].map((match) => match[1] ?? ''));
    assert.ok(linked.length > 0, 'the welcome view has no command buttons');
    for (const command of linked) assert.ok(contributedCommands.includes(command), command);
  });
});

describe('package.json menus and when clauses', () => {
  it('puts only contributed commands in menus', () => {
    for (const item of menuItems) {
      if (item.command) assert.ok(contributedCommands.includes(item.command), `${item.menu}: ${item.command}`);
    }
  });

  it('hides from the palette only commands that some other menu offers', () => {
    const hidden = menuItems.filter((item) => item.menu === 'commandPalette' && item.when === 'false');
    for (const item of hidden) {
      assert.ok(menuItems.some((other) => other.menu !== 'commandPalette' && other.command === item.command), `${item.command} is unreachable`);
    }
  });

  it('names Explorer menu items without "…": they act on the file clicked, with no dialog', () => {
    const titles = new Map((contributes.commands ?? []).map((entry) => [entry.command, entry.title]));
    for (const item of menuItems.filter((entry) => entry.menu === 'explorer/context')) assert.doesNotMatch(titles.get(item.command ?? '') ?? '', /…$/, String(item.command));
  });

  it('uses only context keys from ids.ts, and every one of them', () => {
    const used = new Set(whenClauses.flatMap((when) => [...when.matchAll(/planwright:\w+/g)].map((match) => match[0])));
    assert.deepEqual(sorted(used), sorted(Object.values(CONTEXT_KEYS)));
  });

  it('names only contributed views in `view ==` conditions', () => {
    const viewIds = new Set<string>(Object.values(VIEWS));
    for (const when of whenClauses) {
      for (const match of when.matchAll(/\bview\s*==\s*([\w.]+)/g)) assert.ok(viewIds.has(match[1] ?? ''), when);
    }
  });

  it('sets every context key somewhere in src/vscode', () => {
    const sources = tsFiles(path.join(ROOT, 'src', 'vscode')).map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const [key, value] of Object.entries(CONTEXT_KEYS)) {
      assert.ok(sources.includes(`CONTEXT_KEYS.${key}`), `${value} is never set`);
    }
  });
});

describe('package.json tree item menus', () => {
  const itemMenus = menuItems.filter((item) => item.menu === 'view/item/context');
  const known = new Set([whenStepIs('awaitingApproval'), ...STEP_FLAGS.map(whenStepHasFlag), 'viewItem =~ /^step:/', whenWaiting(), whenWaiting('allowable'), whenWaiting('cannotApply'), WHEN_DONE_WHEN_GROUP, WHEN_DONE_WHEN_CHECK, WHEN_PLAN_ROW, WHEN_RUN_LIVE, WHEN_RUN_ROW, whenPlanIs('undone'), whenPlanIs(...RUN_ENDED_ROWS), whenPlanIs(...RUN_STOPPED_ROWS)]);

  it('matches rows only with the when clauses the contextValue grammar provides', () => {
    for (const item of itemMenus) {
      const clauses = [...(item.when ?? '').matchAll(/viewItem =~ \/[^/]*\//g)].map((match) => match[0]);
      assert.ok(clauses.length > 0, `${item.command} has no viewItem condition`);
      for (const clause of clauses) assert.ok(known.has(clause), `${item.command}: ${clause} is not built by stepContextValue's grammar`);
    }
  });

  it('puts every tree-only command on step rows and hides it from the palette', () => {
    // Resume Run and Run Again act on the run, not on a row: the goal row offers them, and so does the palette.
    const runActions = new Set<string>([COMMANDS.resumeRun, COMMANDS.runAgain]);
    const explorerOnly = new Set(menuItems.filter((item) => item.menu === 'explorer/context' || runActions.has(item.command ?? '')).map((item) => item.command));
    const hidden = new Set(menuItems.filter((item) => item.menu === 'commandPalette' && item.when === 'false' && !explorerOnly.has(item.command)).map((item) => item.command));
    // Pause and Cancel are palette commands that the Runs view's rows offer too.
    const runRows = new Set<string>([COMMANDS.pauseRun, COMMANDS.cancelRun]);
    const onRows = new Set(itemMenus.map((item) => item.command).filter((command) => !runRows.has(command ?? '') && !runActions.has(command ?? '')));
    assert.deepEqual(sorted([...hidden].filter((id): id is string => id !== undefined)), sorted([...onRows].filter((id): id is string => id !== undefined)));
  });

  it('offers Run Again on the goal row of a run that ended or was undone (inline once undone), Resume Run on one that stopped', () => {
    const offers = (command: string, status: Parameters<typeof planContextValue>[0], inline: boolean) =>
      itemMenus.some((item) => item.command === command && (item.group?.startsWith('inline') ?? false) === inline && new RegExp(/=~ \/(.*?)\/(?= |$)/.exec(item.when ?? '')?.[1] ?? '$^').test(planContextValue(status)));
    assert.ok(offers(COMMANDS.runAgain, 'undone', true) && offers(COMMANDS.runAgain, 'undone', false) && offers(COMMANDS.runAgain, 'succeeded', false));
    assert.ok(!offers(COMMANDS.runAgain, 'succeeded', true) && !offers(COMMANDS.runAgain, 'paused', false));
    assert.ok(offers(COMMANDS.resumeRun, 'paused', true) && !offers(COMMANDS.resumeRun, 'undone', true));
  });

  it('orders inline buttons with inline@N, and Approve before Reject', () => {
    const inline = itemMenus.filter((item) => item.group?.startsWith('inline'));
    for (const item of inline) assert.match(item.group ?? '', /^inline@\d+$/);
    const order = (command: string) => Number(inline.find((item) => item.command === command)?.group?.split('@')[1]);
    assert.ok(order(COMMANDS.approveStep) < order(COMMANDS.rejectStep));
  });

  it('offers Approve and Reject inline exactly on rows whose question is open, never on a paused run\'s waiting step', () => {
    const waiting = stepContextValue('awaitingApproval', { asking: true, diff: true, editable: true, files: true });
    const paused = stepContextValue('awaitingApproval', { editable: true, files: true });
    const regexOf = (command: string) =>
      itemMenus.filter((item) => item.command === command && item.group?.startsWith('inline')).map((item) => new RegExp(/=~ \/(.*)\/$/.exec(item.when ?? '')?.[1] ?? '$^'));
    for (const command of [COMMANDS.approveStep, COMMANDS.rejectStep, COMMANDS.showStepPreview]) {
      assert.ok(regexOf(command).some((regex) => regex.test(waiting)), command);
      assert.ok(!regexOf(command).some((regex) => regex.test(stepContextValue('failed', { editable: true, retryable: true }))), command);
      assert.ok(!regexOf(command).some((regex) => regex.test(paused)), command);
    }
  });

  it('offers Approve, Reject and Preview Step on every "Waiting for you" row, Always Allow only on a plain command', () => {
    const matches = (command: string, value: string) =>
      itemMenus.filter((item) => item.command === command).some((item) => [...(item.when ?? '').matchAll(/=~ \/(.*?)\/(?= |\)|$)/g)].some((match) => new RegExp(match[1] ?? '$^').test(value)));
    const edit = waitingContextValue({ preview: { kind: 'fileChanges', changes: [] } });
    const command = waitingContextValue({ preview: { kind: 'command', command: 'npm test', cwd: '.' } });
    const chained = waitingContextValue({ preview: { kind: 'command', command: 'npm test; rm x', cwd: '.' } });
    for (const id of [COMMANDS.approveStep, COMMANDS.rejectStep, COMMANDS.showStepPreview]) assert.ok(matches(id, edit) && matches(id, command), id);
    assert.ok(matches(COMMANDS.alwaysAllowCommand, command));
    assert.ok(!matches(COMMANDS.alwaysAllowCommand, chained) && !matches(COMMANDS.alwaysAllowCommand, edit));
  });

  it('puts Approve and Reject in the editor title only for a preview whose question is open', () => {
    const titles = menuItems.filter((item) => item.menu === 'editor/title');
    for (const id of [COMMANDS.approveStep, COMMANDS.rejectStep]) {
      const when = titles.find((item) => item.command === id)?.when ?? '';
      assert.match(when, /resourceScheme == planwright-preview/);
      assert.match(when, /planwright:activePreview =~ \/\^waiting:\//);
    }
  });

  it('offers Add Done-When Check on the goal row and the "Done when" group, Edit and Remove inline on every check row', () => {
    const offers = (command: string, value: string, inline = false) =>
      itemMenus
        .filter((item) => item.command === command && (item.group?.startsWith('inline') ?? false) === inline)
        .some((item) => [...(item.when ?? '').matchAll(/=~ \/(.*?)\/(?= |\)|$)/g)].some((match) => new RegExp(match[1] ?? '$^').test(value)));
    assert.ok(offers(COMMANDS.addAcceptanceCheck, DONE_WHEN_GROUP_CONTEXT_VALUE, true) && offers(COMMANDS.addAcceptanceCheck, planContextValue('succeeded')));
    for (const state of ['notRun', 'held', 'failed', 'alreadyTrue'] as const) {
      for (const command of [COMMANDS.editAcceptanceCheck, COMMANDS.removeAcceptanceCheck]) assert.ok(offers(command, doneWhenCheckContextValue(state), true), `${command} on ${state}`);
    }
    assert.ok(!offers(COMMANDS.removeAcceptanceCheck, DONE_WHEN_GROUP_CONTEXT_VALUE, true) && !offers(COMMANDS.addAcceptanceCheck, stepContextValue('pending')));
  });

  it('offers Preview Step in a step\'s menu only when its tool changes files', () => {
    const diff = itemMenus.filter((item) => item.command === COMMANDS.showStepPreview && !item.when?.includes('waiting')).map((item) => new RegExp(/=~ \/(.*)\/$/.exec(item.when ?? '')?.[1] ?? '$^'));
    assert.ok(diff.some((regex) => regex.test(stepContextValue('pending', { editable: true, files: true }))));
    assert.ok(!diff.some((regex) => regex.test(stepContextValue('pending', { editable: true }))));
  });
});
