import { STATUS_OF } from "#server/errors.ts";
import { useCaseApiSchema } from "#shared/schemas/use-case-api.ts";
import type { UseCase } from "#shared/use-cases.ts";
import { z } from "#shared/zod.ts";
import { API_ENDPOINTS, type Access, type ApiEndpoint } from "./endpoints.ts";

/**
 * The OpenAPI 3.1 document of the public API (`/api/openapi.json`, prerendered; the
 * reference page /docs/api is made from it too): the endpoints of endpoints.ts, their
 * bodies and queries from the zod schemas they validate with (zod 4's own JSON Schema
 * output), the failure shape every /api answer shares, and one typed path per use case.
 */

type Json = Record<string, unknown>;

/** JSON Schema of a request schema: what a client sends (`io: "input"`). */
export function jsonSchemaOf(schema: z.ZodType): Json {
  // A refinement by function (a passage's range, a field id) has no JSON Schema: any value.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
    // zod adds its uuid pattern beside the format: 200 characters each time, saying the same.
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === "uuid") delete jsonSchema.pattern;
    },
  }) as Json;
  return rest;
}

/** Every failure under /api (STYLE §3; http/api.ts): its message, code and field problems. */
const failureSchema = z
  .object({
    success: z.literal(false),
    message: z.string().meta({ description: "In English, for a person." }),
    code: z.enum(Object.keys(STATUS_OF) as [string, ...string[]]).optional(),
    reason: z.string().optional().meta({ description: "The failure's key, for a client to word." }),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "By field (`fields.<id>` for a use case's): its problems in English." }),
    fieldReasons: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ description: "A refusal (4xx) or a fault (5xx); some add their own keys." });

/** A text's JSON answer (http/generation-answers.ts). */
const textAnswerSchema = z.object({
  success: z.literal(true),
  content: z.string().meta({ description: "The text, in Markdown." }),
  generationId: z.uuid(),
  subject: z.string(),
  modelUsed: z.string(),
  credits: z.number().int().meta({ description: "The caller's balance after the charge." }),
});

const EVENTS =
  "With `Accept: text/event-stream`: server-sent events `start` (`generationId`, `subject`), " +
  "`queued` (`position`), `delta` (`text`), `reset`, then `done` (the JSON answer's keys) " +
  "or `error` (the failure's).";

const SECURITY: Record<Access, Json[]> = {
  // A guest may call: no credentials is one of the options.
  anyone: [{}, { session: [] }, { bearer: [] }],
  account: [{ session: [] }, { bearer: [] }],
  verified: [{ session: [] }, { bearer: [] }],
};

const ACCESS_WORDS: Record<Access, string> = {
  anyone: "Anyone, a guest too.",
  account: "Signed in (401 otherwise).",
  verified: "Signed in with a verified address (403 otherwise).",
};

const FAILURE_REF = { $ref: "#/components/responses/Failure" };

function answerContent(endpoint: ApiEndpoint, schema?: Json): Json | undefined {
  if (endpoint.status === 302) return undefined;
  if (endpoint.path === "/api/email/export") {
    return {
      "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } },
    };
  }
  return {
    "application/json": { schema: schema ?? { type: "object" } },
    ...(endpoint.streams ? { "text/event-stream": { schema: { type: "string" } } } : {}),
  };
}

function parametersOf(endpoint: ApiEndpoint): Json[] {
  const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const query = endpoint.query ? jsonSchemaOf(endpoint.query) : null;
  const properties = (query?.properties ?? {}) as Record<string, Json>;
  const required = new Set((query?.required ?? []) as string[]);
  const inQuery = Object.entries(properties).map(([name, schema]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema,
  }));
  if (endpoint.path === "/api/auth/verify-email") {
    inQuery.push({ name: "token", in: "query", required: true, schema: { type: "string" } });
  }
  return [...inPath, ...inQuery];
}

function operationOf(
  endpoint: ApiEndpoint,
  operationId: string,
  body?: z.ZodType,
  extra: { summary?: string; description?: string } = {},
): Json {
  const status = String(endpoint.status ?? 200);
  const answerSchema = endpoint.streams ? jsonSchemaOf(textAnswerSchema) : undefined;
  const parameters = parametersOf(endpoint);
  const content = answerContent(endpoint, answerSchema);
  return {
    operationId,
    tags: [endpoint.tag],
    summary: extra.summary ?? endpoint.summary,
    description: [
      extra.description,
      endpoint.answer,
      endpoint.streams ? EVENTS : "",
      ACCESS_WORDS[endpoint.access],
    ]
      .filter(Boolean)
      .join("\n\n"),
    security: SECURITY[endpoint.access],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchemaOf(body) } },
          },
        }
      : {}),
    responses: {
      [status]: { description: endpoint.answer, ...(content ? { content } : {}) },
      "4XX": FAILURE_REF,
      "5XX": FAILURE_REF,
    },
  };
}

/** `POST /api/email/text/{id}/folder` → `postEmailTextIdFolder`. */
function operationIdOf(endpoint: ApiEndpoint): string {
  const words = endpoint.path
    .replace(/^\/api\//, "")
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  return [
    endpoint.method.toLowerCase(),
    ...words.map((w) => w[0]!.toUpperCase() + w.slice(1)),
  ].join("");
}

/** The use case's settings and what its path takes, for its operation's description. */
function useCaseWords(useCase: UseCase): string {
  return (
    `${useCase.summary.en}\n\nWrites a \`${useCase.contentType}\`; by default in the tone ` +
    `\`${useCase.tone}\` and the length \`${useCase.length}\`. Every \`fields\` value is ` +
    "trimmed; a missing required field or one that does not fit is a 400 with `fieldErrors`, " +
    "before anything is charged."
  );
}

/** The document, for these use cases (the content collection's, in the built site). */
export function openApiDocument(useCases: readonly UseCase[]): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const add = (path: string, method: string, operation: Json) => {
    (paths[path] ??= {})[method.toLowerCase()] = operation;
  };
  for (const endpoint of API_ENDPOINTS) {
    if (!endpoint.perUseCase) {
      add(
        endpoint.path,
        endpoint.method,
        operationOf(endpoint, operationIdOf(endpoint), endpoint.body),
      );
      continue;
    }
    for (const useCase of [...useCases].sort((a, b) => a.slug.localeCompare(b.slug, "en"))) {
      const path = endpoint.path.replace("{slug}", useCase.slug);
      add(
        path,
        endpoint.method,
        operationOf({ ...endpoint, path }, `useCase-${useCase.slug}`, useCaseApiSchema(useCase), {
          summary: useCase.name.en,
          description: useCaseWords(useCase),
        }),
      );
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "AI Text Generator API",
      version: "1",
      description:
        "Every `/api` answer is JSON; a refusal is `{ success: false, message, code?, fieldErrors? }` " +
        "with a 4xx status. Call with the session cookie of the web app, or " +
        "`Authorization: Bearer <token>` (a login's token, or an API key); without either, as a " +
        "guest. `POST /api/v1/use-cases/{slug}` writes one use case's text from its fields; " +
        "each use case has its own path below, typed by its fields.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    tags: [...new Set(API_ENDPOINTS.map((endpoint) => endpoint.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Failure: jsonSchemaOf(failureSchema) },
      responses: {
        Failure: {
          description: "A refusal or a fault",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Failure" } } },
        },
      },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "session",
          description: "The web app's session (`__Host-session` over HTTPS), set by login.",
        },
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "The token login and register answer with, or an API key.",
        },
      },
    },
  };
}
