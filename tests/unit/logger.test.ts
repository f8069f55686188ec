import { describe, expect, it } from "vitest";
import { withoutEmailAddresses } from "#server/logger.ts";

/** Error and warning lines hold no e-mail addresses (issue 24), whoever wrote them. */
const line = (entry: Record<string, unknown>) => `${JSON.stringify(entry)}\n`;

describe("withoutEmailAddresses", () => {
  it("replaces every address in a warning or an error, nested ones too, and keeps valid JSON", () => {
    const written = withoutEmailAddresses(
      line({
        level: 50,
        time: 1,
        err: {
          type: "DrizzleQueryError",
          message: 'Failed query: insert into "dev_outbox" …\nparams: Ana.B+x@Example.com,Verify',
          cause: {
            detail: "Failing row contains (ünal@örnek.com.tr, 550 <bob@mail.example.org>).",
          },
        },
        msg: "verification e-mail failed for ana@example.com",
      }),
    );
    expect(written.endsWith("\n")).toBe(true);
    const entry = JSON.parse(written);
    expect(entry).toEqual({
      level: 50,
      time: 1,
      err: {
        type: "DrizzleQueryError",
        message: 'Failed query: insert into "dev_outbox" …\nparams: [address],Verify',
        cause: { detail: "Failing row contains ([address], 550 <[address]>)." },
      },
      msg: "verification e-mail failed for [address]",
    });
    for (const level of [40, 60]) {
      expect(withoutEmailAddresses(line({ level, msg: "to a@b.co" }))).toBe(
        line({ level, msg: "to [address]" }),
      );
    }
  });

  it("leaves info lines, and lines with no address, as they are", () => {
    const info = line({ level: 30, msg: "dev outbox", to: "ana@example.com" });
    expect(withoutEmailAddresses(info)).toBe(info);
    const warning = line({
      level: 40,
      err: { stack: "at node_modules/@sendgrid/mail/x.js (pino@10.4.0, user@127.0.0.1)" },
    });
    expect(withoutEmailAddresses(warning)).toBe(warning);
  });

  it("replaces addresses in a line that is not JSON, rather than let it through", () => {
    expect(withoutEmailAddresses('{"level":50,"msg":"cut short ana@example.com')).toBe(
      '{"level":50,"msg":"cut short [address]',
    );
  });
});
