// subplan: a step that expands into its own plan. Its planner sees only the files of `scope`, its steps
// may touch only them, and `budget` bounds its steps, re-plans and tokens. The step's postcondition is the
// parent's contract for the part, checked once the child plan is done. Running it again resumes the child
// from its own journal, so it is safe to repeat (idempotent), and a kill inside the child resumes there;
// after a child that failed, it starts a fresh attempt (subplanRunner.ts).
import { z } from 'zod';
import { ToolError } from '../errors';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool, type ToolContext, type ToolOutput } from './defineTool';

/** How far sub-plans nest below the top plan unless the host says otherwise. */
export const DEFAULT_SUBPLAN_DEPTH = 2;

/** The bounds of one sub-plan: its steps, its re-plans, the tokens of its model calls. */
export const SubplanBudgetSchema = z
  .object({
    steps: z.number().int().positive().max(1000).optional().describe('the most steps the child plan may have'),
    replans: z.number().int().nonnegative().max(20).optional().describe('the most re-plans inside the child'),
    tokens: z.number().int().positive().optional().describe('the most prompt + completion tokens of the child’s model calls'),
  })
  .strict();

/** The bounds of one sub-plan. */
export type SubplanBudget = z.infer<typeof SubplanBudgetSchema>;

/** The arguments of subplan: the sub-goal, the files and folders the child may see and touch, its budget. */
export const SubplanInputSchema = z
  .object({
    goal: z.string().min(1).max(4000),
    scope: z.array(WorkspacePathSchema).min(1).max(200),
    budget: SubplanBudgetSchema.optional(),
  })
  .strict();

/** The arguments of subplan. */
export type SubplanInput = z.infer<typeof SubplanInputSchema>;

/** Plans and runs sub-plans for a run: the host gives it the planner, the journals and the depth it is at. */
export interface SubplanHost {
  /** Plans (or resumes) and runs the child of step `context.stepId`; fails with ToolError when the child cannot meet its goal. */
  run(input: SubplanInput, context: ToolContext): Promise<ToolOutput>;
}

/** Expands a step into a child plan, scoped and budgeted, and runs it to its end. */
export const subplanTool = defineTool({
  name: 'subplan',
  description: 'Hand a part of the task to a child plan that sees and changes only the files of scope; its check is the contract.',
  input: SubplanInputSchema,
  effect: () => 'idempotent',
  writes: ({ scope }) => scope,
  settleMethod: () => 'none',
  execute: async (input, context) => {
    if (!context.subplans) {
      throw new ToolError('definite', 'noSubplans', `subplan: sub-plans cannot run here (no planner is configured, or the plan is already ${DEFAULT_SUBPLAN_DEPTH} levels deep)`);
    }
    return context.subplans.run(input, context);
  },
});
