import { resolve } from "node:path";
import { z } from "zod";

/**
 * Every environment variable the server reads, validated once. The defaults make
 * `npm start` work with nothing set: embedded database, offline engine, dev outbox.
 * README.md lists the same variables; tests/unit/config.test.ts keeps the two in step.
 */
const flag = z
  .enum(["0", "1", "true", "false", ""])
  .default("0")
  .transform((value) => value === "1" || value === "true");

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
  SUPPORT_EMAIL: z.email().default("support@example.com"),
  TRUSTED_PROXY: flag,
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
   * Which providers may answer, in order, as ids (mistral-ai, localai, local). Unset: every
   * configured provider, then the offline engine. Leaving `local` out makes a provider
   * failure an error (with a refund) instead of an offline draft.
   */
  GENERATION_PROVIDERS: optionalText,
  /** How long one provider may take: to its first token, and in all. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /**
   * Bearer token for the moderation API that `npm run moderate` calls. Unset: the
   * moderation API does not exist (404).
   */
  MODERATION_TOKEN: optionalText.pipe(
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  /** A reservation still pending after this long is refunded by the reconciler (tests shorten it). */
  RESERVATION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  /** How long an ad runs before its credits can be claimed; shorter only for tests. */
  AD_WATCH_SECONDS: z.coerce.number().int().min(1).max(120).default(15),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
});

export type Config = z.infer<typeof configSchema> & {
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
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  if (parsed.data.NODE_ENV === "production" && parsed.data.AD_WATCH_SECONDS !== 15) {
    throw new ConfigError(
      "Invalid environment: AD_WATCH_SECONDS can only be changed outside production",
    );
  }
  return {
    ...parsed.data,
    dataDir: resolve(parsed.data.DATA_DIR),
    isProduction: parsed.data.NODE_ENV === "production",
  };
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
