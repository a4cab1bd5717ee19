// `planwright validate <file>... [--workspace DIR]`: runs each plan file through the validation gate and
// prints `valid: N steps` or one line per problem; exit 2 when any file has a problem. With
// `--workspace`, the plan is also checked against that folder on disk (validateWorkspace.ts).
import { readFile, stat } from 'node:fs';
import * as nodePath from 'node:path';
import { promisify } from 'node:util';
import { parsePlanText } from '../core/plan/parsePlan';
import { formatProblem, type PlanProblem } from '../core/plan/planProblem';
import type { Plan } from '../core/plan/planSchema';
import { countOf } from '../core/text/countOf';
import { errorCode } from '../node/errorCode';
import { EXIT, type CliCommand, type CliIo } from './cliIo';

const USAGE = 'planwright validate <file>... [--workspace DIR]';

/** What the command line asked for, or why it could not be understood. */
type ValidateArgs = { readonly files: readonly string[]; readonly workspace?: string } | { readonly error: string } | { readonly help: true };

/** The `validate` sub-command. */
export const validateCommand: CliCommand = {
  name: 'validate',
  usage: `${USAGE}   check plan files (exit 0 all valid, 2 with one line per problem)`,
  run: runValidate,
};

async function runValidate(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(args);
  if ('help' in parsed) {
    io.stdout.write(`Usage: ${USAGE}\n`);
    return EXIT.ok;
  }
  if ('error' in parsed) return fail(io, `${parsed.error}; see planwright validate --help`);

  let workspace: string | undefined;
  if (parsed.workspace !== undefined) {
    workspace = nodePath.resolve(io.cwd, parsed.workspace);
    const folder = await promisify(stat)(workspace).catch(() => undefined);
    if (!folder) return fail(io, `workspace folder not found: ${parsed.workspace}`);
    if (!folder.isDirectory()) return fail(io, `workspace is not a folder: ${parsed.workspace}`);
  }

  let exit: number = EXIT.ok;
  for (const file of parsed.files) {
    const code = await validateFile(io, file, workspace, parsed.files.length > 1);
    if (code !== EXIT.ok) exit = code;
  }
  return exit;
}

/** Validates one file; with `named`, each output line starts with the file's name. */
async function validateFile(io: CliIo, file: string, workspace: string | undefined, named: boolean): Promise<number> {
  const prefix = named ? `${file}: ` : '';
  let text: string;
  try {
    // node:fs rather than node:fs/promises, whose module a plain validate would otherwise load for one read.
    text = await promisify(readFile)(nodePath.resolve(io.cwd, file), 'utf8');
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') return fail(io, `file not found: ${file}`);
    if (code === 'EISDIR') return fail(io, `${file} is a folder, not a file`);
    return fail(io, `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }

  const verdict = await planVerdict(text, file, workspace);
  if ('problems' in verdict) return report(io, file, prefix, verdict.problems);
  io.stdout.write(`${prefix}${validLine(verdict.plan)}\n`);
  return EXIT.ok;
}

/**
 * The gate's verdict on a plan's text (`source` names it in problems) and, given a workspace folder, what that
 * folder on disk adds: what `validate` and the MCP `validate_plan` both report.
 */
export async function planVerdict(text: string, source: string, workspace: string | undefined): Promise<{ readonly plan: Plan } | { readonly problems: readonly PlanProblem[] }> {
  const result = parsePlanText(text, source);
  if (!result.ok) return { problems: result.problems };
  if (workspace) {
    // Loaded only with a workspace: a plain validate does not need the file-system resolver.
    const { workspaceProblems } = require('./validateWorkspace') as typeof import('./validateWorkspace');
    const problems = await workspaceProblems(result.plan, workspace);
    if (problems.length > 0) return { problems };
  }
  return { plan: result.plan };
}

/** One line per problem on stdout, a count on stderr; exit 2. */
function report(io: CliIo, file: string, prefix: string, problems: readonly PlanProblem[]): number {
  for (const problem of problems) io.stdout.write(`${prefix}${formatProblem(problem)}\n`);
  io.stderr.write(`${file}: ${countOf(problems.length, 'problem')}\n`);
  return EXIT.badInput;
}

function parseArgs(args: readonly string[]): ValidateArgs {
  const files: string[] = [];
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
    } else {
      files.push(arg);
    }
  }
  if (files.length === 0) return { error: 'missing plan file' };
  return workspace === undefined ? { files } : { files, workspace };
}

function fail(io: CliIo, message: string): number {
  io.stderr.write(`planwright validate: ${message}\n`);
  return EXIT.badInput;
}

/** What `validate` and the MCP `validate_plan` say of a valid plan: `valid: 3 steps`. */
export function validLine(plan: Plan): string {
  return `valid: ${countOf(plan.steps.length, 'step')}`;
}
