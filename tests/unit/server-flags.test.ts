import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../server/node-flags.ts";

const scripts = (
  JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }
).scripts;
const dockerCmd = /^CMD (\[.*\])$/m.exec(readFileSync("Dockerfile", "utf8"))?.[1] ?? "[]";

describe("the server's Node flags", () => {
  it.each(SERVER_NODE_FLAGS)(
    "%s is given by npm start, npm run serve and the Dockerfile",
    (flag) => {
      expect(scripts.start).toContain(`node ${flag} server/start.ts`);
      expect(scripts.serve).toContain(`node ${flag} server/main.ts`);
      expect(JSON.parse(dockerCmd) as string[]).toContain(flag);
    },
  );
});
