// The REST client of the spec: on a non-success response the message is the body's `error`
// field, else 'HTTP error! status: N'; the failure is logged with endpoint, message, status and
// time, then re-thrown to the caller.

import { pageLanguageHeader } from "./i18n.tsx";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The HTTP status of a failed call, REST or tRPC (whose error data carries it); none for a lost connection. */
export const httpStatusOf = (error: unknown) => (error instanceof ApiError ? error.status : trpcHttpStatus(error));

/** A 401 or 403 from the REST client or from a tRPC call. */
export const isSessionExpired = (error: unknown) => {
  const status = httpStatusOf(error);
  return status === 401 || status === 403;
};

function trpcHttpStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("data" in error)) return undefined;
  const status = (error as { data?: { httpStatus?: unknown } | null }).data?.httpStatus;
  return typeof status === "number" ? status : undefined;
}

async function failure(endpoint: string, response: Response): Promise<never> {
  let message: string | undefined;
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body?.error === "string" && body.error) message = body.error;
  } catch {
    // No JSON body: fall back to the status line below.
  }
  message ??= `HTTP error! status: ${response.status}`;
  console.error("API request failed", { endpoint, message, status: response.status, time: new Date().toISOString() });
  throw new ApiError(message, response.status);
}

export async function api<T>(endpoint: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(`/api${endpoint}`, {
    credentials: "include",
    ...rest,
    headers: { "Content-Type": "application/json", ...pageLanguageHeader(), ...headers },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  if (!response.ok) return failure(endpoint, response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Multipart uploads behave the same; the browser sets the multipart boundary itself. */
export async function upload<T>(endpoint: string, form: FormData): Promise<T> {
  const response = await fetch(`/api${endpoint}`, {
    method: "POST",
    credentials: "include",
    headers: pageLanguageHeader(),
    body: form,
  });
  if (!response.ok) return failure(endpoint, response);
  return (await response.json()) as T;
}
