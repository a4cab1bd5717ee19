// The titles package.json gives Planwright's commands ("Run Plan"), read from the manifest the extension
// runs with, so a message about a command names it as the palette does without a second list of titles.
import { z } from 'zod';

const ManifestCommandsSchema = z.object({
  contributes: z.object({ commands: z.array(z.object({ command: z.string(), title: z.string() })).default([]) }),
});

/** A `%key%` placeholder VS Code has not replaced by its text: no title a person should read. */
const PLACEHOLDER = /^%[^%]+%$/;

/** Each contributed command's title by id (VS Code hands extensions the manifest with its `%key%` texts filled in); empty when the manifest has none. */
export function commandTitles(manifest: unknown): ReadonlyMap<string, string> {
  const parsed = ManifestCommandsSchema.safeParse(manifest);
  const commands = parsed.success ? parsed.data.contributes.commands.filter((entry) => !PLACEHOLDER.test(entry.title)) : [];
  return new Map(commands.map((entry) => [entry.command, entry.title]));
}
