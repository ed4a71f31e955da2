import type { Response } from "@playwright/test";

/** What one procedure answered in a tRPC response, batched or not (superjson keeps it in `json`). */
export async function trpcData<T>(response: Response, procedure: string): Promise<T> {
  const calls = decodeURIComponent(new URL(response.url()).pathname.replace(/^\/api\/trpc\//, "")).split(",");
  const body = (await response.json()) as unknown;
  const answer = (Array.isArray(body) ? body[calls.indexOf(procedure)] : body) as { result: { data: { json: T } } };
  return answer.result.data.json;
}
