// "Raise Cap and Resume", the button of the notification that says a run paused at its cost cap: asks for a new
// cap (starting from one that lets the refused call through), writes it where `planwright.maxCost` is set, and runs
// the plan again, which carries the paused run on under the new cap.
import * as vscode from 'vscode';
import { parseMaxCost } from '../../core/cost/costCap';
import { SETTINGS_SECTION } from '../../core/hostSettings';
import { COMMANDS } from '../ids';

/** Asks for a higher cap (starting at `suggested`), writes it where the cap is set, and runs the plan again. */
export async function raiseCapAndResume(suggested: number): Promise<unknown> {
  const answer = await vscode.window.showInputBox({
    title: vscode.l10n.t('Raise the cost cap'),
    prompt: vscode.l10n.t('The most this run may spend on priced model calls, in US dollars (planwright.maxCost).'),
    value: suggested.toFixed(2),
    validateInput: (text) => (parseMaxCost(text.trim()) === null ? vscode.l10n.t('An amount of US dollars above 0, such as 1.50') : undefined),
  });
  const cap = answer === undefined ? null : parseMaxCost(answer.trim());
  if (cap === null) return undefined;
  const configuration = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  // A workspace's cap applies when it is lower than the user's, so the new cap goes to both where both are set.
  if (configuration.inspect('maxCost')?.workspaceValue !== undefined) await configuration.update('maxCost', cap, vscode.ConfigurationTarget.Workspace);
  await configuration.update('maxCost', cap, vscode.ConfigurationTarget.Global);
  return vscode.commands.executeCommand(COMMANDS.runPlan);
}
