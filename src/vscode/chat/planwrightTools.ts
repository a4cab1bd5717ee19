// The Language Model Tools an agent (Copilot agent mode, another chat participant) calls to hand Planwright a
// plan and read back an honest report: validate a plan, propose one for review in the tree (nothing runs),
// run the approved plan (every approval still goes through the user), and read the run's status. Names and
// input schemas come from core (src/core/chat/toolInputs.ts); the texts from core/chat. A tool that changes
// what the user sees or runs anything asks first, with a confirmation that says exactly what happens, in the
// user's language; what goes back to the agent stays English.
import * as vscode from 'vscode';
import { runDigest, statusText, trimReport } from '../../core/chat/runDigest';
import { LM_TOOLS, planFromToolInput } from '../../core/chat/toolInputs';
import { problemsText, proposeConfirmation, runConfirmation } from '../../core/chat/toolMessages';
import type { DoorReport } from '../../core/door/doorReport';
import { validatePlan } from '../../core/plan/validatePlan';
import { countOf } from '../../core/text/countOf';
import { englishText } from '../../core/text/englishText';
import { COMMANDS, VIEWS } from '../ids';
import type { PlanSession } from '../plan/planSession';
import { chatRunView } from './chatRunView';

type Result = vscode.LanguageModelToolResult;

function text(value: string): Result {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(value)]);
}

/** The folder a run works in, as the confirmation names it; none when the window has no folder open. */
function folderName(): string | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.name;
}

/** The four tools over the session of this window; each is a `vscode.LanguageModelTool`. */
export function planwrightTools(session: PlanSession): Record<keyof typeof LM_TOOLS, vscode.LanguageModelTool<unknown>> {
  return {
    validatePlan: {
      prepareInvocation: () => ({ invocationMessage: vscode.l10n.t('Validating the plan with Planwright') }),
      invoke: (options) => {
        const input = planFromToolInput(options.input);
        if (!input.ok) return text(`Not validated: ${input.problem}.`);
        const verdict = validatePlan(input.plan);
        return text(verdict.ok ? `The plan is valid: ${countOf(verdict.plan.steps.length, 'step')} for "${verdict.plan.goal}".` : problemsText(verdict.problems));
      },
    },
    proposePlan: {
      prepareInvocation: (options) => {
        const input = planFromToolInput(options.input);
        const verdict = input.ok ? validatePlan(input.plan) : undefined;
        if (!verdict?.ok) return { invocationMessage: vscode.l10n.t('Checking the proposed plan') };
        const confirmation = proposeConfirmation(vscode.l10n, session.plan, session.runs.state !== undefined, { goal: verdict.plan.goal, steps: verdict.plan.steps.length });
        return { invocationMessage: vscode.l10n.t('Putting the plan in the Planwright view for review'), ...(confirmation ? { confirmationMessages: confirmation } : {}) };
      },
      invoke: async (options) => {
        const input = planFromToolInput(options.input);
        if (!input.ok) return text(`Not proposed: ${input.problem}.`);
        const verdict = validatePlan(input.plan);
        if (!verdict.ok) return text(`Not proposed. ${problemsText(verdict.problems)}`);
        if (session.runs.executing) return text('Not proposed: a Planwright run is in progress. Ask the user to pause or cancel it first.');
        await session.runs.forget();
        // Named in the tree as an agent's proposal, until it is saved.
        await session.loadedPlan.set({ source: vscode.l10n.t('proposed plan'), plan: verdict.plan, unsaved: true });
        void vscode.commands.executeCommand(`${VIEWS.plan}.focus`);
        return text(
          `The plan "${verdict.plan.goal}" (${verdict.plan.steps.length} steps) is in the Planwright view for the user to review and edit. Nothing ran. It runs when the user runs it, or through planwright_runPlan after they agree.`,
        );
      },
    },
    runPlan: {
      prepareInvocation: () => {
        const plan = session.plan;
        if (!plan) return { invocationMessage: vscode.l10n.t('No Planwright plan to run') };
        return { invocationMessage: vscode.l10n.t('Running the Planwright plan "{0}"', plan.goal), confirmationMessages: runConfirmation(vscode.l10n, plan, folderName(), session.runs.resumable) };
      },
      invoke: async () => {
        if (!session.plan) return text('No plan is open in Planwright: propose one with planwright_proposePlan first.');
        const valid = session.validPlan();
        if (!valid.ok) return text(`The plan cannot run. ${problemsText(valid.problems)}`);
        const report = await vscode.commands.executeCommand<DoorReport | undefined>(COMMANDS.runPlan);
        // A tool result goes back to the agent: English (englishText), whatever the editor's language.
        if (!report) return text(`The plan did not run. ${statusText(englishText, chatRunView(session))}`);
        return text(JSON.stringify(trimReport(report), null, 1));
      },
    },
    runStatus: {
      prepareInvocation: () => ({ invocationMessage: vscode.l10n.t('Reading the Planwright run') }),
      // The agent reads the digest: runDigest is English.
      invoke: () => text(runDigest(chatRunView(session))),
    },
  };
}

/** Registers the tools; the caller owns the returned disposables. */
export function registerPlanwrightTools(session: PlanSession): vscode.Disposable[] {
  // Language Model Tools are stable since VS Code 1.95; a host without them gets no tools.
  if (typeof vscode.lm?.registerTool !== 'function') return [];
  const tools = planwrightTools(session);
  return (Object.keys(LM_TOOLS) as (keyof typeof LM_TOOLS)[]).map((key) => vscode.lm.registerTool(LM_TOOLS[key].name, tools[key]));
}
