// The system message that opens every planning and re-planning conversation: the planner's role, the
// tools as one-line signatures, the compact plan language with its one-line checks, the rules, and the
// patch form a re-plan answers in. It
// depends on nothing that changes between calls (nor on the reply format: the JSON fallback is asked
// for in the task message), so planning and re-planning send an identical prefix and providers' prompt
// caches hit; everything that changes (goal, workspace, run state) goes after it.
import type { ChatMessage } from '../ports';
import type { ToolDefinition } from '../tools/defineTool';
import { mcpPlannerSection } from '../mcp/mcpPlannerSection';
import { registeredTools, TOOLS } from '../tools/toolCatalog';
import { toolSignature } from '../tools/toolSignature';

/**
 * The effect class of a tool, in words. Only `runCommand`'s depends on the step's flags; the effect
 * functions read nothing of the input but those flags, so an empty input is enough to ask them.
 */
function effectText(tool: ToolDefinition<any>): string {
  const plain = tool.effect({}, {});
  const declared = tool.effect({}, { idempotent: true });
  return plain === declared ? plain : `${plain} (${declared} with the idempotent flag)`;
}

/** One catalogue line: `editFile {path, edits:[{find, replace}]} — nonIdempotent — what it does`. */
function toolLine(tool: ToolDefinition<any>): string {
  return `${tool.name} ${toolSignature(tool)} — ${effectText(tool)} — ${tool.description}`;
}

const ROLE = [
  'You are the planner of Planwright, a coding assistant that carries out a task as a plan of checkable steps.',
  'You never change anything yourself: you write the plan. An executor runs each step by calling one tool, checks its',
  'postcondition, runs independent steps in parallel, and asks you to re-plan the remaining steps when one fails.',
].join('\n');

const LANGUAGE = [
  'Write one step per line and nothing else (no prose, no code fences):',
  'E<n> <tool> <arguments as one JSON object> [after E<i>,E<j>] [check <check>] [idempotent] # <title>',
  '- Line n is step E<n>: label the lines E1, E2, … in order (a re-plan says where to start).',
  '- A string argument may contain #E<n>: the output text of step E<n>, put in just before the step runs; the step waits for it.',
  '- Order is implied: a step waits for the steps it references, for earlier steps that write a file it reads or writes or',
  '  that read a file it writes, and for earlier commands; a command waits for every earlier change; a search or listing',
  '  waits for every earlier change. Write "after E<i>" (a range: after E2-E9) only for another order you need.',
  '  Steps with no order run at once.',
  '- Postconditions are implied: writeFile → the file exists; editFile → each replacement is in the file;',
  '  appendFile → the content is in it (each also: parses, for .json); deleteFile → absent; renameFile → moved;',
  '  runCommand → exit 0. Write "check <check>" only for a check that says more (the test summary line in the output,',
  '  no old name left); never one the call already guarantees, such as contains of text it writes.',
  '- The same call on several files is one line: leave "path" out of the arguments and add each path ["a.js","b.js"];',
  '  $path in its arguments, checks and title stands for each file. The line is one step per file, numbered on (E4, E5, …).',
  '- End each line with "# " and its title: what the step does for the goal, as a person would say it, imperative,',
  '  at most 6 words ("# Add a retry limit"), never the tool and path again.',
  '- Before the steps, write the goal\'s acceptance checks, one per line: done <check>. Each must fail in the workspace',
  '  today and hold once the goal is met (the tests pass, an old name is gone): the run succeeds only when all hold.',
  '- Rarely needed: pre <check> (must hold before the tool runs), status <check> (settles an uncertain outcome),',
  '  undo <tool> {arguments} (undoes the step), keyed (the command honours PLANWRIGHT_IDEMPOTENCY_KEY).',
];

const CHECKS = [
  'exists P | absent P | json P | contains P "text" | matches P /regex/ | exit N | output "text" | run "command" [in DIR]',
  '| not C | all(C; C; …) | any(C; C; …)',
  'P is a workspace path; texts and commands are JSON strings. exit and output judge the step\'s own command (runCommand only).',
];

const RULES = [
  '- Effects: readOnly changes nothing; idempotent is safe to repeat; nonIdempotent may not be repeated blindly.',
  '- Mark a runCommand "idempotent" only when repeating it is safe (tests, builds).',
  '- Paths are relative to the workspace root, use "/", and never contain "..".',
  '- Use editFile when you know the exact text to find (it must occur exactly once, or set replaceAll to change every occurrence, as for a rename); use proposeEdit when the worker model must read the file to decide the edit.',
  '- Verify the outcome where the project allows it (run its tests or build), and keep the plan short.',
];

// The patch form lives here rather than in the re-plan request: it never changes, so a re-plan pays for it
// only as cached prefix, and the prefix stays byte for byte the one planning sent.
const REPLANS = [
  'When a step of a running plan broke, reply with patch lines only, one per line, no prose:',
  'replace <id> <step>   put <step> in place of step <id>, which keeps its id',
  'add <id> [after <id2>] <step>   a new step with a new id (after <id2>: placed after it and waiting for it); a step',
  '   with each adds one step per file, numbered on from <id>',
  'drop <id>   remove a step that is not needed any more',
  '<step> is a plan line without its E<n> label. Frozen steps (done or running) cannot change; you may reference their',
  'outputs (#<id>). Steps the patch does not name stay as they are.',
];

const EXAMPLE = [
  'done contains lib/greet.js "Hello"',
  'E1 readFile {"path":"lib/greet.js"} # Read the greeting',
  'E2 editFile {"path":"lib/greet.js","edits":[{"find":"const GREETING = \'Hi\';","replace":"const GREETING = \'Hello\';"}]} # Say Hello instead of Hi',
  'E3 runCommand {"command":"npm test"} check output "0 failed" idempotent # Run the tests',
];

/** The text of the shared system message; computed once, since it never changes in a process. */
let prefixText: string | undefined;

/** The system message shared, byte for byte, by every planning and re-planning request. */
export function plannerSystemMessage(): ChatMessage {
  prefixText ??= [
    ROLE,
    '',
    '## Tools: name {arguments} — effect — what it does (? marks an optional argument)',
    ...TOOLS.map(toolLine),
    '',
    '## Plan language',
    ...LANGUAGE,
    '',
    '## Checks (C)',
    ...CHECKS,
    '',
    '## Rules',
    ...RULES,
    '',
    '## Example',
    ...EXAMPLE,
    '',
    '## Re-plans',
    ...REPLANS,
  ].join('\n');
  // MCP tools are known only once their servers answered; they follow the fixed prefix, so it stays cacheable.
  const mcp = mcpPlannerSection(registeredTools());
  return { role: 'system', content: mcp ? `${prefixText}\n\n${mcp}` : prefixText };
}
