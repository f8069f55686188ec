import { defineConfig } from "drizzle-kit";

// Migrations are generated offline (`npm run db:generate`) and applied at server start.
export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./src/lib/server/db/schema.ts",
    "./src/lib/server/db/library-tables.ts",
    "./src/lib/server/db/key-tables.ts",
    "./src/lib/server/db/plan-tables.ts",
    "./src/lib/server/db/signup-tables.ts",
  ],
  out: "./drizzle",
});
