import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

/** The folder the `useCases` collection loads (src/content.config.ts). */
export const USE_CASE_DIR = "src/content/use-cases";

/** Every use-case file as written: its name and its YAML, not yet checked. */
export function readUseCaseFiles(): { file: string; data: unknown }[] {
  return readdirSync(USE_CASE_DIR)
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .map((file) => ({ file, data: parse(readFileSync(join(USE_CASE_DIR, file), "utf8")) }));
}
