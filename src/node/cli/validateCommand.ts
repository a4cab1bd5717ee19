// `planwright validate <file> [--workspace DIR]`: runs a plan file through the validation gate and
// prints `valid: N steps` (exit 0) or one line per problem (exit 2). With `--workspace`, every path the
// plan names is also resolved on the real file system, so a symlink out of DIR is reported too.
import { readFile, stat } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { WorkspaceEscapeError } from '../../core/errors';
import { parsePlanText } from '../../core/plan/parsePlan';
import { formatProblem, type PlanProblem } from '../../core/plan/planProblem';
import type { Plan } from '../../core/plan/planSchema';
import { workspacePathsOf } from '../../core/plan/workspacePaths';
import { errorCode, WorkspaceResolver } from '../workspaceResolver';
import { EXIT, type CliCommand, type CliIo } from './cliIo';

const USAGE = 'planwright validate <file> [--workspace DIR]';

/** What the command line asked for, or why it could not be understood. */
type ValidateArgs = { readonly file: string; readonly workspace?: string } | { readonly error: string } | { readonly help: true };

/** The `validate` sub-command. */
export const validateCommand: CliCommand = {
  name: 'validate',
  usage: `${USAGE}   check a plan file (exit 0 valid, 2 with one line per problem)`,
  run: runValidate,
};

async function runValidate(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(args);
  if ('help' in parsed) {
    io.stdout.write(`Usage: ${USAGE}\n`);
    return EXIT.ok;
  }
  if ('error' in parsed) return fail(io, `${parsed.error}\nUsage: ${USAGE}`);

  let workspace: string | undefined;
  if (parsed.workspace !== undefined) {
    workspace = nodePath.resolve(io.cwd, parsed.workspace);
    const folder = await stat(workspace).catch(() => undefined);
    if (!folder) return fail(io, `workspace folder not found: ${parsed.workspace}`);
    if (!folder.isDirectory()) return fail(io, `workspace is not a folder: ${parsed.workspace}`);
  }

  let text: string;
  try {
    text = await readFile(nodePath.resolve(io.cwd, parsed.file), 'utf8');
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') return fail(io, `file not found: ${parsed.file}`);
    if (code === 'EISDIR') return fail(io, `not a file: ${parsed.file}`);
    return fail(io, `cannot read ${parsed.file}: ${error instanceof Error ? error.message : String(error)}`);
  }

  const result = parsePlanText(text, parsed.file);
  if (!result.ok) return report(io, parsed.file, result.problems);
  const escaping = workspace ? await escapingPaths(result.plan, workspace) : [];
  if (escaping.length > 0) return report(io, parsed.file, escaping);
  const count = result.plan.steps.length;
  io.stdout.write(`valid: ${count} ${count === 1 ? 'step' : 'steps'}\n`);
  return EXIT.ok;
}

/** One line per problem on stdout, a count on stderr; exit 2. */
function report(io: CliIo, file: string, problems: readonly PlanProblem[]): number {
  for (const problem of problems) io.stdout.write(`${formatProblem(problem)}\n`);
  io.stderr.write(`${file}: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}\n`);
  return EXIT.badInput;
}

function parseArgs(args: readonly string[]): ValidateArgs {
  let file: string | undefined;
  let workspace: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--workspace') {
      workspace = args[++index];
      if (workspace === undefined) return { error: '--workspace needs a folder' };
    } else if (arg.startsWith('--workspace=')) {
      workspace = arg.slice('--workspace='.length);
    } else if (arg.startsWith('-')) {
      return { error: `unknown option ${arg}` };
    } else if (file === undefined) {
      file = arg;
    } else {
      return { error: `unexpected argument ${arg} (one plan file at a time)` };
    }
  }
  if (file === undefined) return { error: 'missing plan file' };
  return workspace === undefined ? { file } : { file, workspace };
}

/** Paths the plan names that resolve outside `root` on disk (through symlinks or linked folders). */
async function escapingPaths(plan: Plan, root: string): Promise<PlanProblem[]> {
  const resolver = new WorkspaceResolver(root);
  const problems: PlanProblem[] = [];
  for (const { stepId, field, path } of workspacePathsOf(plan)) {
    try {
      await resolver.resolve(path);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      problems.push({ stepId, path: field, message: error instanceof WorkspaceEscapeError ? reason : `cannot be checked: ${reason}` });
    }
  }
  return problems;
}

function fail(io: CliIo, message: string): number {
  io.stderr.write(`planwright validate: ${message}\n`);
  return EXIT.badInput;
}
