import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import node from "@astrojs/node";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, passthroughImageService } from "astro/config";
import { languageInitScript } from "./src/lib/shared/interface-language.ts";
import { themeInitScript } from "./src/lib/shared/theme.ts";

/**
 * The node adapter, with our host (server/main.ts) as the build's server entry: the host and
 * Astro's routes are one module graph, so every module of the server exists once in the
 * process (decision 002). The adapter's own entry is imported by the host for its handler.
 */
function nodeWithOurHost(options: Parameters<typeof node>[0]): ReturnType<typeof node> {
  const adapter = node(options);
  const configDone = adapter.hooks["astro:config:done"]!;
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      "astro:config:done": (params) =>
        configDone({
          ...params,
          setAdapter: (settings) =>
            params.setAdapter({
              ...settings,
              serverEntrypoint: fileURLToPath(new URL("./server/main.ts", import.meta.url)),
            }),
        }),
    },
  };
}

const site = (process.env.PUBLIC_URL ?? "http://localhost:4321").replace(/\/+$/, "");
const sha256 = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

export default defineConfig({
  site,
  output: "static",
  trailingSlash: "never",
  adapter: nodeWithOurHost({
    // server/main.ts serves the built files from memory; the standalone handler would stat
    // the disk for every other request first (decision 001).
    mode: "middleware",
    // Writes each prerendered page's CSP to dist/_headers.json; server/security-headers.ts
    // sends it as a header (a <meta> CSP cannot carry frame-ancestors).
    staticHeaders: true,
    // The adapter's default is 1 GiB; API bodies are further capped at 16 KiB.
    bodySizeLimit: 1024 * 1024,
  }),
  integrations: [react()],
  // Nothing reads Astro.session (sign-in has its own table): without this the node adapter
  // keeps sessions in files, `npm run dev` announces them, and the bundle carries them.
  session: false,
  // The site has no images to optimise, and sharp is left out of the install (package.json).
  image: { service: passthroughImageService() },
  security: {
    // Our middleware checks the origin of every non-GET request and answers in JSON.
    checkOrigin: false,
    csp: {
      algorithm: "SHA-256",
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
      scriptDirective: {
        hashes: [themeInitScript, languageInitScript].map(
          (script) => sha256(script) as `sha256-${string}`,
        ),
      },
    },
  },
  // Shiki's inline styles would need 'unsafe-inline' under the CSP; the copy has no code.
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [tailwindcss()],
    // Bundled into the server's chunks: loaded from node_modules, drizzle-orm's many modules
    // each make Node read its large package.json at every start (decision 002).
    ssr: { noExternal: ["drizzle-orm"] },
    // The home page's islands, stores and catalog in one chunk instead of about thirty (each
    // file gzipped alone compresses worse); the site frame's script and React in chunks of
    // their own, so that content pages load neither the islands nor React (decision 074).
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: "frame",
                test: /src[\\/](lib[\\/]client[\\/](site-frame|page-words|chosen-language|session)|i18n[\\/]frame|lib[\\/]shared[\\/](display-name|theme|site))\.ts/,
                priority: 30,
              },
              {
                name: "react",
                test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
                priority: 20,
              },
              {
                name: "home",
                // The islands of src/pages/index.astro and the layout's toaster.
                test: /src[\\/]components[\\/](islands[\\/](generator[\\/](GeneratorForm|ResultPanel|ContentNotice)|credits[\\/](CreditCard|CreditLimitDialog|VerificationReminder)|testimonials[\\/](TestimonialsGrid|FeedbackForm))|ui[\\/]Toaster)\.tsx/,
                priority: 10,
              },
            ],
          },
        },
      },
    },
  },
});
