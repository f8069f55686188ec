/** One JSON call to our API, with cookies, as every island makes it (spec §7). */
export interface ApiResult<T> {
  ok: boolean;
  status: number;
  body: T & { success?: boolean; message?: string; code?: string };
}

export class NetworkError extends Error {
  override name = "NetworkError";
}

export async function apiFetch<T = Record<string, unknown>>(
  path: string,
  options: { method?: string; json?: unknown; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.json === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        ...(options.json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new NetworkError("Network error. Please check your connection.");
  }
  const text = await response.text();
  let body: ApiResult<T>["body"];
  try {
    body = text ? JSON.parse(text) : ({} as ApiResult<T>["body"]);
  } catch {
    // Spec §8: a failed call without a JSON body reads "status: body text".
    body = {
      success: false,
      message: `${response.status}: ${text || response.statusText}`,
    } as ApiResult<T>["body"];
  }
  return { ok: response.ok, status: response.status, body };
}
