// The cost cap's scenario, shared by the CLI, MCP and editor tests: prices that make token counts read as dollars,
// and a plan of two worker calls with the reply that prices each at $0.75, so a $1 cap stops before the second.
/** $1000 a million tokens, in and out: every token costs a tenth of a cent, so the figures read plainly. */
export const CAP_PRICES = { scripted: { input: 1000, output: 1000 } };

/** Two worker calls, the second after the first: each `generate` reply costs 50 + 700 tokens, $0.75. */
export const TWO_NOTES_PLAN = {
  version: 1,
  goal: 'Draft two notes',
  steps: [
    { id: 'E1', title: 'Draft the first note', tool: 'generate', args: { instruction: 'Write the first note.' } },
    { id: 'E2', title: 'Draft the second note', tool: 'generate', args: { instruction: 'Write the second note.' }, dependsOn: ['E1'] },
  ],
};

/** The worker's reply to each of TWO_NOTES_PLAN's steps. */
export const NOTE_REPLY = { content: 'A note.', usage: { prompt_tokens: 50, completion_tokens: 700 } };
