import { describe, expect, it } from "vitest";
import { isActivePath } from "#shared/site.ts";

describe("isActivePath", () => {
  it("marks Home only on the home page", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/", "/about")).toBe(false);
  });

  it("marks a section on its page, with or without a trailing slash, and below it", () => {
    expect(isActivePath("/about", "/about")).toBe(true);
    expect(isActivePath("/about", "/about/")).toBe(true);
    expect(isActivePath("/about", "/about/team")).toBe(true);
    expect(isActivePath("/about", "/aboutx")).toBe(false);
  });
});
