import { resolve } from "node:path";
import { z } from "zod";
import { parseTrustedProxies } from "./network/client-address.ts";
import { DEFAULT_IPV6_PREFIX_LENGTH } from "./network/client-network.ts";

/**
 * Every environment variable the server reads, validated once. The defaults make
 * `npm start` work with nothing set: embedded database, the local writer (downloaded on
 * first start), dev outbox.
 * docs/configuration.md lists the same variables; tests/unit/config.test.ts keeps the two in step.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().trim().min(1).default("localhost"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .default("http://localhost:4321")
    .transform((value) => value.replace(/\/+$/, "")),
  DATA_DIR: z.string().trim().min(1).default("./.data"),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
  ),
  /**
   * How long a statement waits for a free database connection (PostgreSQL's pool, the
   * embedded database's one session); past it the request answers 503 with Retry-After.
   */
  DATABASE_WAIT_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  SUPPORT_EMAIL: z.email().default("support@example.com"),
  /** `0`, `1` (loopback proxies) or a comma-separated list of proxy addresses and CIDRs. */
  TRUSTED_PROXY: z
    .string()
    .default("0")
    .transform((value, context) => {
      try {
        return { setting: value, proxies: parseTrustedProxies(value) };
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * An SMTP server to send mail through, `smtp://user:password@host:587` (STARTTLS when the
   * server offers it) or `smtps://…:465`; nodemailer reads it. Wins over SENDGRID_API_KEY
   * when both are set (decision 091).
   */
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ),
  SENDGRID_API_KEY: optionalText,
  /** SendGrid's API address; a test points it at a loopback fake. */
  SENDGRID_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.sendgrid.com"),
  MAIL_FROM: z.string().trim().min(3).default("AI Text Generator <no-reply@example.com>"),
  MISTRAL_API_KEY: optionalText,
  MISTRAL_MODEL: z.string().trim().min(1).default("mistral-small-latest"),
  /** Mistral's API address; a test points it at a loopback fake. */
  MISTRAL_SERVER_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_COMPAT_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_COMPAT_MODEL: z.string().trim().min(1).default("llama3.2"),
  OPENAI_COMPAT_API_KEY: optionalText,
  /**
   * Which AI writers may answer, in order, as ids (mistral-ai, localai, llama). Unset: every
   * configured one. Template drafts are never a fallback for a failed AI writer.
   */
  GENERATION_PROVIDERS: optionalText,
  /**
   * The local writer's model: `off`, a GGUF file, an http(s) URL or an `hf:` URI. Unset:
   * the default model in development, `off` in production and in tests.
   */
  LOCAL_MODEL: optionalText,
  /** Texts the local model writes at once. */
  LOCAL_MODEL_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(8),
  /** Texts that may wait in line for it; one more is turned away with 503 and Retry-After. */
  LOCAL_MODEL_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  /** Inference threads. Unset: one fewer than the cores, so the event loop keeps one. */
  LOCAL_MODEL_THREADS: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce.number().int().min(1).max(256).optional(),
  ),
  /** GPU for the local model; needs the GPU binaries that package.json leaves out by default. */
  LOCAL_MODEL_GPU: z.enum(["off", "auto", "cuda", "vulkan", "metal"]).default("off"),
  /** How long one writer may stay silent: to its first token, and between tokens. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /**
   * How long a hosted writer may take for a whole text: a long text (2,000 tokens) at a
   * slow writer's 4 tokens a second, with room to spare.
   */
  PROVIDER_TEXT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(600_000),
  /** Texts one account or guest may have being written at once; one more answers 429. */
  TEXTS_IN_FLIGHT_PER_OWNER: z.coerce.number().int().min(1).max(1000).default(2),
  /**
   * Texts one client address may have being written at once on this instance. Unset: half
   * the local writer's sequences and queue (8 by default), at least 2.
   */
  TEXTS_IN_FLIGHT_PER_ADDRESS: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce.number().int().min(1).max(100_000).optional(),
  ),
  /**
   * Bearer token for the moderation API that `npm run moderate` calls. Unset: the
   * moderation API does not exist (404).
   */
  MODERATION_TOKEN: optionalText.pipe(
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  /**
   * Bearer token that lets a client that is not on loopback read /metrics (16+ characters).
   * Unset: only loopback clients, not forwarded by a proxy, read it (decision 093).
   */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /**
   * The accounts that may open /console (signed in and verified), as comma-separated
   * e-mail addresses. Unset: nobody; /console is the 404 page for everyone.
   */
  OPERATOR_EMAILS: z
    .string()
    .default("")
    .transform((value, context) => {
      const emails = value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== "");
      for (const email of emails) {
        if (!z.email().safeParse(email).success) {
          context.addIssue({ code: "custom", message: `"${email}" is not an e-mail address` });
          return z.NEVER;
        }
      }
      return emails;
    }),
  /**
   * How long a generation's reservation holds without renewal: a running generation renews
   * it, so only a crashed process's reservations lapse and are refunded (tests shorten it).
   */
  RESERVATION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  /** How long an ad runs before its credits can be claimed; shorter only for tests. */
  AD_WATCH_SECONDS: z.coerce.number().int().min(1).max(120).default(15),
  /**
   * An ad network's VAST tag: the credits page's ad card plays its video ad, and a house
   * ad (src/content/ads/) when it answers nothing, fails or is slow. Unset: house ads only.
   */
  AD_VAST_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * Where that network's wrappers, videos and trackers may load from on the credits page
   * (CSP sources: `https:`, or origins such as `https://*.example-ads.net`), besides the
   * tag's own origin. Used only when AD_VAST_URL is set.
   */
  AD_CSP_SOURCES: z
    .string()
    .trim()
    .default("https:")
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(https?:|https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?)$/i,
            "must be `https:` or origins like https://ads.example.com",
          ),
      ),
    ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** How long a request's headers may take to arrive; then 408 and the connection closes. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * How long a whole request (headers and body) may take to arrive. Answers are not
   * limited by it: a streamed text goes on as long as it takes.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Connections one client address may hold open (trusted proxies are not counted). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(64),
  /** Requests of one client address (behind proxies, the forwarded one) in flight at once. */
  MAX_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(32),
  /**
   * How many leading bits of an IPv6 client address every per-address limit counts by: one
   * subscriber holds a /64 and may use any address in it (decision 085).
   */
  IPV6_PREFIX_LENGTH: z.coerce.number().int().min(1).max(128).default(DEFAULT_IPV6_PREFIX_LENGTH),
  /**
   * API reads (GET and HEAD under /api) one client address may make a minute, counted per
   * process; past it 429 with Retry-After (decision 085).
   */
  API_READS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000_000).default(1200),
  /** Requests one API key may make a minute, on all instances together; past it 429. */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
});

export type Config = Omit<z.infer<typeof configSchema>, "TEXTS_IN_FLIGHT_PER_ADDRESS"> & {
  TEXTS_IN_FLIGHT_PER_ADDRESS: number;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  isProduction: boolean;
};

export const configVariables = Object.keys(
  configSchema.shape,
) as (keyof typeof configSchema.shape)[];

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable is an unset one, so that compose.yaml's `${NAME:-}` passes a variable
  // through without replacing its default.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const parsed = configSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  // A reservation must outlast the wait for a provider, or a slow but healthy generation
  // would look like a crashed one between two lease renewals.
  if (parsed.data.RESERVATION_TIMEOUT_MS < 1.5 * parsed.data.PROVIDER_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid environment: RESERVATION_TIMEOUT_MS (${parsed.data.RESERVATION_TIMEOUT_MS}) must be at least 1.5 times PROVIDER_TIMEOUT_MS (${parsed.data.PROVIDER_TIMEOUT_MS})`,
    );
  }
  if (parsed.data.PROVIDER_TEXT_TIMEOUT_MS < parsed.data.PROVIDER_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid environment: PROVIDER_TEXT_TIMEOUT_MS (${parsed.data.PROVIDER_TEXT_TIMEOUT_MS}) must be at least PROVIDER_TIMEOUT_MS (${parsed.data.PROVIDER_TIMEOUT_MS})`,
    );
  }
  if (parsed.data.HEADERS_TIMEOUT_MS > parsed.data.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid environment: HEADERS_TIMEOUT_MS (${parsed.data.HEADERS_TIMEOUT_MS}) must not exceed REQUEST_TIMEOUT_MS (${parsed.data.REQUEST_TIMEOUT_MS})`,
    );
  }
  if (parsed.data.NODE_ENV === "production" && parsed.data.AD_WATCH_SECONDS !== 15) {
    throw new ConfigError(
      "Invalid environment: AD_WATCH_SECONDS can only be changed outside production",
    );
  }
  const localLine = parsed.data.LOCAL_MODEL_CONCURRENCY + parsed.data.LOCAL_MODEL_QUEUE;
  return {
    ...parsed.data,
    TEXTS_IN_FLIGHT_PER_ADDRESS:
      parsed.data.TEXTS_IN_FLIGHT_PER_ADDRESS ?? Math.max(2, Math.floor(localLine / 2)),
    dataDir: resolve(parsed.data.DATA_DIR),
    isProduction: parsed.data.NODE_ENV === "production",
  };
}

/**
 * What serving (not building) needs beyond valid values. Without a way to send mail
 * (SMTP_URL or SENDGRID_API_KEY), production could neither verify an account nor reset a
 * password: the dev outbox that would keep the links is closed there. (`astro build`
 * prerenders in production mode; it sends no mail.)
 */
export function assertReadyToServe(config: Config): void {
  if (config.isProduction && !config.SMTP_URL && !config.SENDGRID_API_KEY) {
    throw new ConfigError(
      "Invalid environment: production needs SMTP_URL or SENDGRID_API_KEY to send mail (e-mail verification and password reset)",
    );
  }
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
