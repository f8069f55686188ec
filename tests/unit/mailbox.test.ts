import { describe, expect, it } from "vitest";
import { canonicalMailbox } from "#server/email/mailbox.ts";

/** One mailbox, one allowance (decision 084): every spelling of a mailbox is one string. */
describe("canonicalMailbox", () => {
  it.each([
    ["ab@gmail.com", "ab@gmail.com"],
    ["  AB@Gmail.COM ", "ab@gmail.com"],
    ["a.b@gmail.com", "ab@gmail.com"],
    ["a.b+x@gmail.com", "ab@gmail.com"],
    ["A..B.+again+more@gmail.com", "ab@gmail.com"],
    ["a.b@googlemail.com", "ab@gmail.com"],
    ["ab+news@googlemail.com", "ab@gmail.com"],
  ])("reads Gmail's %j as %j", (address, mailbox) => {
    expect(canonicalMailbox(address)).toBe(mailbox);
  });

  it("drops a sub-address tag at any domain, and keeps the dots where they may matter", () => {
    expect(canonicalMailbox("name+again@example.com")).toBe("name@example.com");
    expect(canonicalMailbox("Jo.Ann+x@Example.com")).toBe("jo.ann@example.com");
    expect(canonicalMailbox("jo.ann@example.com")).not.toBe(canonicalMailbox("joann@example.com"));
  });

  it("does not read a look-alike domain as Gmail", () => {
    expect(canonicalMailbox("a.b@gmail.com.example")).toBe("a.b@gmail.com.example");
    expect(canonicalMailbox("a.b@notgmail.com")).toBe("a.b@notgmail.com");
    expect(canonicalMailbox("a.b@mail.gmail.com")).toBe("a.b@mail.gmail.com");
  });

  it("keeps a local part that would be left empty", () => {
    expect(canonicalMailbox("+x@example.com")).toBe("+x@example.com");
    expect(canonicalMailbox("+x@gmail.com")).toBe("+x@gmail.com");
  });

  it("tells different mailboxes apart", () => {
    expect(canonicalMailbox("ab@gmail.com")).not.toBe(canonicalMailbox("abc@gmail.com"));
    expect(canonicalMailbox("ab@gmail.com")).not.toBe(canonicalMailbox("ab@example.com"));
  });
});
