import { describe, expect, it } from "vitest";
import {
  hasLanguageAddresses,
  linkIn,
  localizedPath,
  otherLanguagePath,
  pathLanguage,
  pathWithoutLanguage,
} from "#shared/page-language.ts";

/** Issue 27: a public page's address in each language (decision 068). */
describe("a page's addresses", () => {
  it("are /x in English and /tr/x in Turkish, the home page /tr", () => {
    expect(localizedPath("/write/poem", "tr")).toBe("/tr/write/poem");
    expect(localizedPath("/", "tr")).toBe("/tr");
    expect(localizedPath("/about", "en")).toBe("/about");
    expect(pathWithoutLanguage("/tr/write/poem")).toBe("/write/poem");
    expect(pathWithoutLanguage("/tr")).toBe("/");
    expect(otherLanguagePath("/tr")).toBe("/");
    expect(otherLanguagePath("/contact")).toBe("/tr/contact");
  });

  it("say their language by their prefix alone, not by a word that starts with tr", () => {
    expect(pathLanguage("/tr/about")).toBe("tr");
    expect(pathLanguage("/tr")).toBe("tr");
    expect(pathLanguage("/translate")).toBe("en");
    expect(pathLanguage("/write/translate")).toBe("en");
  });

  it("exist for the public pages only; a link from a Turkish page goes to the Turkish one", () => {
    for (const path of ["/", "/write", "/write/email", "/write/poem", "/privacy-policy"]) {
      expect(hasLanguageAddresses(path), path).toBe(true);
    }
    for (const path of ["/login", "/credits", "/profile", "/console", "/api/auth/me"]) {
      expect(hasLanguageAddresses(path), path).toBe(false);
      expect(linkIn("tr", path), path).toBe(path);
    }
    expect(linkIn("tr", "/write/poem")).toBe("/tr/write/poem");
    expect(linkIn("en", "/write/poem")).toBe("/write/poem");
    expect(linkIn(undefined, "/about")).toBe("/about");
  });
});
