// The guarantees × doors matrix: every row of doorRows.ts for each door a run comes in by outside the editor —
// the CLI's `run` and `resume` of a plan file, a plan file with a sub-plan, and a goal in split, fused and auto
// mode, and the MCP server's `run_plan` and `resume_run` — in the workspace and (the worktree column) in a git
// worktree of it, on a real folder, with the scripted model endpoint configured so every call a door makes is
// counted (doorCells.ts). The editor's doors are the integration layer's.
import { cellPerTest, WORKSPACE_DOORS, WORKTREE_DOORS } from './doorCells';
import { DOOR_ROWS } from './doorRows';

describe('guarantees × doors', () => {
  const { cell, clients } = cellPerTest();

  for (const [row, check] of DOOR_ROWS) {
    describe(row, () => {
      for (const [name, door] of [...WORKSPACE_DOORS, ...WORKTREE_DOORS]) it(name, async () => check(await door(cell(), clients), cell().workspace));
    });
  }
});
