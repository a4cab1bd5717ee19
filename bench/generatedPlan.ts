// A generated plan of any size for benchmarks and scale tests: a layered DAG with explicit dependsOn,
// #E references, every kind of tool and nested checks. Deterministic (seeded), so runs compare.

/** A plan document (not yet validated) with `stepCount` steps named E1…En. */
export function generatePlan(stepCount: number, seed = 42): { version: 1; goal: string; steps: Record<string, unknown>[] } {
  let state = seed;
  const random = (below: number): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
  const steps: Record<string, unknown>[] = [];
  for (let n = 1; n <= stepCount; n++) {
    const id = `E${n}`;
    const earlier = (): string => `E${1 + random(n - 1)}`;
    const dependsOn = n > 1 ? [...new Set([earlier(), earlier()])] : undefined;
    const file = `src/module${n % 50}/file${n}.ts`;
    switch (n % 5) {
      case 0:
        steps.push({ id, title: `Read ${file}`, tool: 'readFile', args: { path: file } });
        break;
      case 1:
        steps.push({
          id,
          title: `Edit ${file}`,
          tool: 'editFile',
          args: { path: file, edits: [{ find: `const value${n} = 1;`, replace: `const value${n} = 2; // #include <x> #fff` }] },
          dependsOn,
          postcondition: {
            kind: 'all',
            checks: [
              { kind: 'fileContains', path: file, text: `value${n} = 2` },
              { kind: 'not', check: { kind: 'fileMatches', path: file, pattern: `value${n} = 1\\b` } },
            ],
          },
        });
        break;
      case 2:
        steps.push({
          id,
          title: `Summarise step ${n - 1}`,
          tool: 'generate',
          args: { instruction: `Summarise #E${n - 1} for the release notes` },
        });
        break;
      case 3:
        steps.push({
          id,
          title: `Write notes ${n}`,
          tool: 'writeFile',
          args: { path: `notes/${n}.md`, content: `# Notes\n\n#E${n - 1}\n` },
          postcondition: { kind: 'fileExists', path: `notes/${n}.md` },
        });
        break;
      default:
        steps.push({
          id,
          title: `Test module ${n % 50}`,
          tool: 'runCommand',
          args: { command: `npm test -- src/module${n % 50}`, cwd: 'packages/app', timeoutMs: 60_000 },
          dependsOn,
          idempotent: true,
          postcondition: { kind: 'any', checks: [{ kind: 'exitCode', equals: 0 }, { kind: 'outputContains', text: 'no tests' }] },
        });
    }
  }
  return { version: 1, goal: `A generated plan with ${stepCount} steps`, steps };
}
