// Lists the models an OpenAI-compatible endpoint serves (`GET <baseUrl>/models`), so Configure Model can offer
// them instead of asking for a name to type; when the endpoint cannot list them, says why in one line.
import { z } from 'zod';

/** The part of a `/models` reply that is read: the model ids. */
const ModelListSchema = z.object({ data: z.array(z.object({ id: z.string().min(1) }).passthrough()) }).passthrough();

/** The endpoint's model ids, sorted, or why they could not be listed. */
export type EndpointModels = { readonly ok: true; readonly models: readonly string[] } | { readonly ok: false; readonly reason: string };

/** Asks `baseUrl` for its models (with `apiKey` when there is one), giving up after `timeoutMs`. */
export async function listEndpointModels(baseUrl: string, apiKey: string | undefined, timeoutMs = 5_000): Promise<EndpointModels> {
  const url = `${baseUrl.replace(/\/+$/, '')}/models`;
  let response: Response;
  try {
    response = await fetch(url, { headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {}, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { ok: false, reason: timedOut ? `${url} did not answer within ${timeoutMs / 1000} s` : `${url} could not be reached (${error instanceof Error ? error.message : String(error)})` };
  }
  if (response.status === 401 || response.status === 403) return { ok: false, reason: `${url} refused to list models (HTTP ${response.status}): set the API key first` };
  if (!response.ok) return { ok: false, reason: `${url} answered HTTP ${response.status}; the endpoint may not list its models` };
  const parsed = ModelListSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) return { ok: false, reason: `${url} did not answer with a model list` };
  const models = [...new Set(parsed.data.data.map((model) => model.id))].sort();
  return models.length > 0 ? { ok: true, models } : { ok: false, reason: `${url} lists no models` };
}
