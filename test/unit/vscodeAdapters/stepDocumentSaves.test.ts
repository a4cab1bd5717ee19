// Saving step documents, with a fake editor surface: a saved edit updates the step; a save of a step deleted since,
// of text that is not JSON, or of a step the gate refuses changes nothing and says so in the status bar and the
// document's diagnostics, and that status bar line goes with the next save (the fix) or when the document closes.
import * as assert from 'node:assert/strict';
import type { PlanProblem } from '../../../src/core/plan/planProblem';
import type { Plan } from '../../../src/core/plan/planSchema';
import { removeStep } from '../../../src/core/plan/planEdits';
import { stepReference } from '../../../src/core/plan/stepNumbers';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { englishText } from '../../../src/core/text/englishText';
import { StepDocumentSaves, type DocumentProblems, type StepDocumentSurface } from '../../../src/vscode/plan/stepDocumentSaves';
import { validPlan } from '../support/executorFakes';

const DOC = 'planwright-step:/Step%202%20Write%20the%20note.json';
const NAME = 'Step 2 Write the note.json';

const e2 = { id: 'E2', title: 'Write the note', tool: 'writeFile', args: { path: 'note.md', content: 'x' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'note.md' } };

/** A status bar line as the fake surface shows it. */
interface StatusLine {
  readonly text: string;
  readonly timeoutMs: number | undefined;
  disposed: boolean;
}

class FakeSurface implements StepDocumentSurface {
  readonly lines: StatusLine[] = [];
  readonly shown = new Map<string, DocumentProblems>();
  status(text: string, timeoutMs?: number): { dispose(): void } {
    const line: StatusLine = { text, timeoutMs, disposed: false };
    this.lines.push(line);
    return { dispose: () => (line.disposed = true) };
  }
  problems(document: string, problems: DocumentProblems | undefined): void {
    if (problems) this.shown.set(document, problems);
    else this.shown.delete(document);
  }
  /** The lines still in the status bar that only a dispose takes away. */
  lasting(): string[] {
    return this.lines.filter((line) => !line.disposed && line.timeoutMs === undefined).map((line) => line.text);
  }
}

function setup() {
  const session = {
    plan: validPlan([{ id: 'E1', title: 'Read the CLI', tool: 'readFile', args: { path: 'src/cli.js' } }, e2]) as Plan | undefined,
    async applyEdit(edited: Plan) {
      const verdict = validatePlan(edited);
      if (!verdict.ok) return { ok: false as const, problems: verdict.problems };
      session.plan = verdict.plan;
      return { ok: true as const };
    },
    stepName: (stepId: string) => (session.plan ? stepReference(session.plan, stepId) : stepId),
  };
  const surface = new FakeSurface();
  const logged: string[] = [];
  const log = { info: (line: string) => logged.push(line), warn: (line: string) => logged.push(line), error: (line: string) => logged.push(line) };
  const summarize = (what: string, problems: readonly PlanProblem[]) => `${what}: ${problems[0]?.path} ${problems[0]?.message}`;
  const saves = new StepDocumentSaves({ session, surface, log, l10n: englishText, summarize, describe: String });
  saves.open(DOC, { mode: 'edit', stepId: 'E2' });
  const save = (value: unknown) => saves.saved(DOC, NAME, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return { session, surface, logged, saves, save };
}

describe('StepDocumentSaves', () => {
  it('applies a saved edit and says the step was updated, for a few seconds', async () => {
    const { session, surface, save } = setup();
    await save({ ...e2, title: 'Write the notes' });
    assert.equal(session.plan?.steps[1]?.title, 'Write the notes');
    assert.deepEqual(surface.lines.map((line) => [line.text, line.timeoutMs]), [['Planwright: updated step 2 Write the notes', 5_000]]);
    assert.deepEqual([...surface.shown], []);
  });

  it('says a step deleted since the document opened is no longer in the plan, changes nothing and never reports it updated', async () => {
    const { session, surface, logged, save } = setup();
    session.plan = removeStep(session.plan!, 'E2');
    await save({ ...e2, title: 'Write the notes' });
    assert.deepEqual(session.plan.steps.map((step) => step.id), ['E1']);
    assert.deepEqual(surface.lasting(), ['$(error) Planwright: E2 is no longer in the plan as this document shows it; nothing was changed']);
    assert.ok(!surface.lines.some((line) => /updated/.test(line.text)), 'no "updated step" message');
    assert.deepEqual(surface.shown.get(DOC), {
      kind: 'at',
      line: 1,
      column: 1,
      message: 'E2 is no longer in the plan as this document shows it (it was changed, deleted, replaced or renumbered, or another plan was opened, since this document opened); nothing was changed. Edit Step… shows it as it is now; Add Step After… adds it again.',
    });
    assert.deepEqual(logged, [`${NAME}: E2 is no longer in the plan as this document shows it (it was changed, deleted, replaced or renumbered, or another plan was opened, since this document opened); nothing was changed.`]);
  });

  it('refuses text that is not JSON with one located line in the log, no stack trace, and a diagnostic where it goes wrong', async () => {
    const { session, surface, logged, save } = setup();
    const before = session.plan;
    await save('{\n  "id": "E2",\n  "title": "Write the notes"\n  "tool": "writeFile"\n}\n');
    assert.equal(session.plan, before);
    assert.deepEqual(surface.lasting(), ['$(error) Planwright: the step is not valid JSON (line 4, column 3); nothing was changed']);
    assert.deepEqual(surface.shown.get(DOC), { kind: 'at', line: 4, column: 3, message: "Not valid JSON: Expected ',' or '}' after property value" });
    assert.deepEqual(logged, [`${NAME} is not valid JSON at line 4, column 3: Expected ',' or '}' after property value; nothing was changed.`]);
    assert.doesNotMatch(logged.join('\n'), /\n|\bat .+:\d+:\d+/, 'one line, no stack frames');
  });

  it('takes the "edit was not applied" line away when the next save fixes the step', async () => {
    const { session, surface, save } = setup();
    await save({ ...e2, tool: 'writeFiel' });
    assert.equal(surface.lasting().length, 1);
    assert.match(surface.lasting()[0]!, /^\$\(error\) The edit was not applied: /);
    assert.equal(surface.shown.get(DOC)?.kind, 'gate');
    await save({ ...e2, title: 'Write the notes' });
    assert.deepEqual(surface.lasting(), [], 'the refusal is gone after the fix');
    assert.equal(surface.shown.has(DOC), false, 'and so are its diagnostics');
    assert.equal(session.plan?.steps[1]?.title, 'Write the notes');
  });

  it('takes a refusal away when its document closes unfixed, and on dispose', async () => {
    const { surface, saves, save } = setup();
    await save('not json');
    saves.close(DOC);
    assert.deepEqual(surface.lasting(), []);
    assert.equal(surface.shown.has(DOC), false);
    saves.open(DOC, { mode: 'edit', stepId: 'E2' });
    await save('still not json');
    saves.dispose();
    assert.deepEqual(surface.lasting(), []);
  });

  it('keeps editing an added step under its new id, and leaves documents it did not open alone', async () => {
    const { session, surface, saves } = setup();
    const added = 'planwright-step:/New%20step%20after%202%20Write%20the%20note.json';
    saves.open(added, { mode: 'add', afterId: 'E2' });
    await saves.saved(added, 'New step after 2 Write the note.json', JSON.stringify({ id: 'E3', title: 'Read the note', tool: 'readFile', args: { path: 'note.md' }, dependsOn: ['E2'] }));
    await saves.saved(added, 'New step after 2 Write the note.json', JSON.stringify({ id: 'E3', title: 'Read the notes', tool: 'readFile', args: { path: 'note.md' }, dependsOn: ['E2'] }));
    assert.deepEqual(session.plan?.steps.map((step) => `${step.id} ${step.title}`), ['E1 Read the CLI', 'E2 Write the note', 'E3 Read the notes']);
    assert.deepEqual(surface.lines.map((line) => line.text), ['Planwright: added step 3 Read the note', 'Planwright: updated step 3 Read the notes']);
    await saves.saved('file:///elsewhere/other.json', 'other.json', 'not json');
    assert.equal(surface.lines.length, 2);
  });

  it('marks a document whose step changed under the same id since it showed it, and not one whose own save changed it', async () => {
    const { session, saves, save } = setup();
    await save({ ...e2, title: 'Write the notes' });
    assert.deepEqual(saves.stepsGone(session.plan), [], 'the document\'s own save is what it shows now');
    const renamed = { ...e2, title: 'Renamed elsewhere' } as Plan['steps'][number];
    session.plan = { ...session.plan!, steps: [session.plan!.steps[0]!, renamed] };
    assert.deepEqual(saves.stepsGone(session.plan), [DOC], 'E2 changed under the document');
    await save({ ...e2, title: 'Overwrite the rename' });
    assert.equal(session.plan?.steps[1]?.title, 'Renamed elsewhere', 'the stale document\'s save changes nothing');
  });

  it('does not mark a document whose step only reads differently (its keys in another order)', () => {
    const { session, saves } = setup();
    const reordered = Object.fromEntries(Object.entries(session.plan!.steps[1]!).reverse()) as Plan['steps'][number];
    session.plan = { ...session.plan!, steps: [session.plan!.steps[0]!, reordered] };
    assert.deepEqual(saves.stepsGone(session.plan), []);
  });

  it('marks a document opened for another plan even when the plan open now has a step of its id', () => {
    const { session, saves } = setup();
    const first = 'planwright-step:/Step%201%20Read%20the%20CLI.json';
    saves.open(first, { mode: 'edit', stepId: 'E1' });
    assert.deepEqual(saves.stepsGone(session.plan, new Set(), (document) => document === first), [first]);
    assert.deepEqual(saves.stepsGone(session.plan), [], 'a document is marked once');
  });

  it('marks the documents whose step left the plan or whose id a move gave to another step, and refuses their saves', async () => {
    const { session, surface, saves, save } = setup();
    const first = 'planwright-step:/Step%201%20Read%20the%20CLI.json';
    saves.open(first, { mode: 'edit', stepId: 'E1' });
    assert.deepEqual(saves.stepsGone(session.plan), [], 'both steps are still there');
    assert.deepEqual(saves.stepsGone(session.plan, new Set(['E1'])), [first], 'E1 now names another step');
    assert.match((surface.shown.get(first) as { message: string }).message, /^E1 is no longer in the plan .*renumbered/);
    assert.deepEqual(saves.stepsGone(undefined), [DOC], 'each document is marked once');
    const before = session.plan;
    await save({ ...e2, title: 'Write the notes' });
    assert.equal(session.plan, before, 'a marked document\'s save changes nothing');
    assert.deepEqual(surface.lasting(), ['$(error) Planwright: E2 is no longer in the plan as this document shows it; nothing was changed']);
  });

  it('does not take a document\'s own save, which may change its step\'s id, for its step going away', async () => {
    const { session, saves, save } = setup();
    const apply = session.applyEdit.bind(session);
    const marked: string[][] = [];
    session.applyEdit = async (edited: Plan) => {
      const outcome = await apply(edited);
      marked.push(saves.stepsGone(session.plan));
      return outcome;
    };
    await save({ ...e2, id: 'E5' });
    assert.deepEqual(marked, [[]]);
    assert.deepEqual(session.plan?.steps.map((step) => step.id), ['E1', 'E5']);
    assert.deepEqual(saves.stepsGone(session.plan), [], 'it edits E5 now');
  });
});
