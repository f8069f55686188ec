// ESLint flat config. JavaScript, not TypeScript: ESLint 9 loads eslint.config.ts only
// through jiti or an unstable flag that editors do not pass.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import astro from "eslint-plugin-astro";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const TESTS = ["tests/**", "**/*.test.ts", "bench/**"];

export default defineConfig([
  globalIgnores([
    "dist/",
    ".astro/",
    ".data/",
    ".test-data/",
    "test-results/",
    "playwright-report/",
    "drizzle/",
    "vendor/",
    "public/",
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // Names that start with an underscore are kept on purpose (a parameter a signature needs).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    files: ["src/components/**/*.{ts,tsx}", "**/*.tsx"],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ["**/*.tsx"],
    extends: [jsxA11y.flatConfigs.recommended],
    // autoFocus is judged where it reaches the DOM, not on the component that passes it down.
    rules: { "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }] },
  },
  {
    files: ["src/**/*.{ts,tsx,js,mjs}", "server/**/*.{ts,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // A .cjs script is CommonJS so that it runs, and says why it stops, on any Node.
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // Type-aware rules only on the server side, where an unhandled promise stops the process:
  // the type program doubles the run's time, so the rest of the code goes without it.
  {
    files: ["server/**/*.ts", "src/lib/server/**/*.ts"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  // Size: a file that passes these does one job. Components, stores and hooks are smaller.
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    ignores: [...TESTS, "src/content/**"],
    rules: { "max-lines": ["error", { max: 400 }] },
  },
  {
    files: [
      "src/components/**/*.tsx",
      "src/stores/**",
      "src/components/**/state/**",
      "src/**/use-*.{ts,tsx}",
    ],
    // "use case" is a domain word, not a hook.
    ignores: [...TESTS, "**/use-case*"],
    rules: { "max-lines": ["error", { max: 250 }] },
  },
  astro.configs["flat/recommended"],
]);
