import { randomInt } from "node:crypto";
import type { Json } from "./json.ts";
import { waitFor } from "./wait.ts";

export interface ApiResponse<T = Json> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * One browser-like client: keeps cookies, speaks JSON, and (against a server started with
 * TRUSTED_PROXY=1) comes from its own address through X-Forwarded-For.
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  readonly address: string;

  constructor(baseUrl: string, address?: string) {
    this.baseUrl = baseUrl;
    this.address =
      address ??
      `2001:db8:${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}::1`;
  }

  /** The Cookie header this client sends, for requests made outside `request`. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /**
   * What this client sends with every request: its address (through X-Forwarded-For),
   * its cookies, and, like a browser's same-origin fetch, Sec-Fetch-Site (a cookie-carrying
   * write without Origin or Sec-Fetch-Site is refused, DESIGN §3).
   */
  browserHeaders(): Record<string, string> {
    return {
      "x-forwarded-for": this.address,
      "sec-fetch-site": "same-origin",
      ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
    };
  }

  async request<T = Json>(
    method: string,
    path: string,
    options: {
      json?: unknown;
      headers?: Record<string, string>;
      bearer?: string;
      redirect?: RequestRedirect;
    } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...this.browserHeaders(), ...options.headers };
    if (options.json !== undefined) headers["content-type"] ??= "application/json";
    if (options.bearer !== undefined) headers.authorization = `Bearer ${options.bearer}`;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      redirect: options.redirect ?? "manual",
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value.join("=") === "") this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join("="));
    }
    const type = response.headers.get("content-type") ?? "";
    const body = type.includes("json") ? await response.json() : await response.text();
    return { status: response.status, headers: response.headers, body: body as T };
  }

  get<T = Json>(path: string, options?: Parameters<ApiClient["request"]>[2]) {
    return this.request<T>("GET", path, options);
  }

  post<T = Json>(path: string, json?: unknown, options?: Parameters<ApiClient["request"]>[2]) {
    return this.request<T>("POST", path, { ...options, json: json ?? {} });
  }
}

/** Polls the dev outbox for the newest link to `to` whose address contains `pathPart`. */
export async function outboxLink(
  baseUrl: string,
  to: string,
  pathPart: string,
  after?: string,
): Promise<string> {
  const link = await waitFor(`a ${pathPart} link for ${to} in the dev outbox`, async () => {
    const response = await fetch(`${baseUrl}/dev/outbox?format=json`, {
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    const { messages } = (await response.json()) as { messages: { to: string; links: string[] }[] };
    return messages
      .filter((m) => m.to === to)
      .flatMap((m) => m.links)
      .find((l) => l.includes(pathPart) && l !== after);
  });
  return link!;
}

/** The path and query of an e-mailed link, to request it from the test server. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** A new account on `baseUrl`, signed in through the returned client, verified if asked. */
export async function signUp(
  baseUrl: string,
  verified: boolean,
  email = `user-${Math.random().toString(36).slice(2, 10)}@example.com`,
): Promise<{ client: ApiClient; email: string; token: string }> {
  const client = new ApiClient(baseUrl);
  const password = "violet-harbor-42";
  const response = await client.post("/api/auth/register", {
    email,
    password,
    confirmPassword: password,
  });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  if (verified) await client.get(pathOf(await outboxLink(baseUrl, email, "verify-email")));
  return { client, email, token: response.body.token as string };
}
