// The scripted model of the guarantees × doors matrices, shared by the unit layer (the CLI's and MCP's doors) and
// the integration layer (the editor's): a planning request gets the door plan; the fused agent makes the plan's
// changes one call a turn, reading the folder it works in to find the first it lacks, and answers once all are made.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ScriptedReply } from './scriptedModelServer';

/** What the script reads of the door plan: each step's tool and the file it changes. */
export interface DoorScriptPlan {
  readonly steps: readonly { readonly tool: string; readonly args: { readonly path: string } }[];
}

/** The scripted endpoint's answer for `plan`, the fused agent working in `folder()`; anything else gets a plain answer. */
export function doorScript(plan: DoorScriptPlan, folder: () => string): (body: { messages?: { content?: string }[]; tools?: unknown[] } | undefined) => ScriptedReply {
  let callNumber = 0;
  const agentTurn = (working: string): ScriptedReply => {
    const step = plan.steps.find((candidate) => {
      const file = path.join(working, candidate.args.path);
      if (candidate.tool === 'editFile') return readFileSync(file, 'utf8').includes('let a = 1;');
      return candidate.tool === 'deleteFile' ? existsSync(file) : !existsSync(file);
    });
    if (!step) return { content: 'Done: the four changes are made.' };
    return { toolCalls: [{ id: `call_${++callNumber}`, name: step.tool, arguments: JSON.stringify(step.args) }] };
  };
  return (body) => {
    if (String(body?.messages?.[1]?.content ?? '').startsWith('Task: write a plan')) return { content: JSON.stringify(plan) };
    return (body?.tools?.length ?? 0) > 0 ? agentTurn(folder()) : { content: 'Done.' };
  };
}
