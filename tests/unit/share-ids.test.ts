import { describe, expect, it } from "vitest";
import { SHARE_ID, shareIdIn, sharePath } from "#shared/shares.ts";
import { newShareId } from "#server/shares/shares.ts";

describe("a share link's id", () => {
  it("is 128 random bits in base64url: 22 characters, a new one each time", () => {
    const ids = Array.from({ length: 1000 }, newShareId);
    for (const id of ids) expect(id).toMatch(SHARE_ID);
    expect(Buffer.from(ids[0]!, "base64url")).toHaveLength(16);
    expect(new Set(ids).size).toBe(ids.length);
    // Every character of the alphabet turns up: the bits are not drawn from a narrow range.
    expect(new Set(ids.join("")).size).toBe(64);
  });

  it("is found in what an operator pastes: a link, a path or the id alone", () => {
    const id = "AbC-_0123456789xyzABCD";
    for (const pasted of [
      `https://texts.example.com${sharePath(id)}`,
      ` http://localhost:4321/s/${id}?utm=mail#top `,
      `/s/${id}/`,
      id,
    ]) {
      expect(shareIdIn(pasted), pasted).toBe(id);
    }
  });

  it("is not found in anything else", () => {
    for (const pasted of [
      "",
      "https://texts.example.com/write/cold-outreach-email",
      "https://texts.example.com/s/short",
      "https://texts.example.com/s/AbC-_0123456789xyzABCDE",
      "AbC+/0123456789xyzABCD",
      "https://texts.example.com/x/AbC-_0123456789xyzABCD",
    ]) {
      expect(shareIdIn(pasted), pasted).toBeNull();
    }
  });
});
