import { describe, expect, it } from "vitest";
import { foldForSearch } from "#client/use-case-filter.ts";

describe("the use-case search's folding", () => {
  it("ignores case and accents, Turkish letters included", () => {
    expect(foldForSearch("Düğün KONUŞMASI")).toBe("dugun konusmasi");
    expect(foldForSearch("İş başvurusu")).toBe("is basvurusu");
    expect(foldForSearch("Café")).toBe("cafe");
  });

  it("finds a Turkish word typed without its letters", () => {
    expect(foldForSearch("Soğuk tanışma e-postası")).toContain(foldForSearch("soguk tanisma"));
  });
});
