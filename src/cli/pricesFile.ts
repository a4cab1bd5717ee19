// `--prices FILE`: the model prices a headless run shows its cost in, read from a JSON file in the shape of
// the `planwright.prices` setting (`{ "model-id": { "input": …, "cachedInput": …, "output": … } }`, US dollars
// per million tokens) and validated before the run starts.
import { readFile } from 'node:fs/promises';
import { ModelPricesSchema, type ModelPrices } from '../core/cost/modelPrices';
import { messageOf } from '../core/text/errorText';
import { fileToRead } from './pathInput';

/** The prices in `file` (resolved against `cwd`), or what is wrong with it; no prices when `file` is undefined. */
export async function readPricesFile(cwd: string, file: string | undefined): Promise<{ readonly prices?: ModelPrices } | { readonly error: string }> {
  if (file === undefined) return {};
  const checked = await fileToRead(cwd, file, '--prices');
  if ('error' in checked) return checked;
  let text: string;
  try {
    text = await readFile(checked.path, 'utf8');
  } catch (error) {
    return { error: `--prices: cannot read ${file}: ${messageOf(error)}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { error: `--prices: ${file} is not JSON: ${messageOf(error)}` };
  }
  const parsed = ModelPricesSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `--prices: ${file} at ${issue.path.map(String).join('.') || 'the top'}: ${issue.message} (expected { "model-id": { "input": N, "cachedInput"?: N, "output": N } }, US dollars per million tokens)` };
  }
  return { prices: parsed.data };
}
