import { describe, expect, it } from "vitest";
import { loadCommonPasswords } from "#server/auth/common-passwords.ts";
import { hashPassword, isCommonPassword, verifyPassword } from "#server/auth/passwords.ts";
import { MESSAGES, registerSchema, resetPasswordSchema } from "#shared/schemas/auth.ts";

describe("the common-password list", () => {
  it("holds at least 10,000 entries from the maintained package, loaded once", async () => {
    const list = await loadCommonPasswords();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    expect(await loadCommonPasswords()).toBe(list);
  });

  it("refuses well-known passwords whatever their case and surrounding spaces", async () => {
    for (const password of ["password123", "iloveyou", "PASSWORD123", " Iloveyou ", "qwertyuiop"])
      expect(await isCommonPassword(password), password).toBe(true);
  });

  it("lets an uncommon passphrase through", async () => {
    expect(await isCommonPassword("violet-harbor-42")).toBe(false);
  });
});

describe("password normalisation", () => {
  const nfc = "caf\u00e9-cr\u00e8me-42";
  const nfd = nfc.normalize("NFD");

  it("a password typed in NFD matches its hash made from NFC, and the other way round", async () => {
    expect(nfd).not.toBe(nfc);
    expect(await verifyPassword(await hashPassword(nfc), nfd)).toBe(true);
    expect(await verifyPassword(await hashPassword(nfd), nfc)).toBe(true);
    expect(await verifyPassword(await hashPassword(nfc), "cafe-creme-42")).toBe(false);
    // Six deliberately slow hashes (Argon2id): a bound on a hang on a busy machine.
  }, 30_000);

  it("a confirmation typed in the other form still matches", () => {
    const parsed = registerSchema.safeParse({
      email: "a@example.com",
      password: nfc,
      confirmPassword: nfd,
    });
    expect(parsed.success).toBe(true);
  });
});

describe("new passwords", () => {
  it("refuses a password of only spaces, with its own message", () => {
    for (const blank of ["      ", "\t\t\t\t\t\t", "\u00a0".repeat(8)]) {
      const register = registerSchema.safeParse({
        email: "a@example.com",
        password: blank,
        confirmPassword: blank,
      });
      expect(register.success).toBe(false);
      expect(register.error!.issues.map((i) => i.message)).toContain(MESSAGES.passwordBlank);
      const reset = resetPasswordSchema.safeParse({ token: "t".repeat(40), newPassword: blank });
      expect(reset.error!.issues.map((i) => i.message)).toContain(MESSAGES.passwordBlank);
    }
  });

  it("keeps spaces inside a password", () => {
    const spaced = " tall  oak  tree ";
    expect(
      registerSchema.safeParse({
        email: "a@example.com",
        password: spaced,
        confirmPassword: spaced,
      }).success,
    ).toBe(true);
  });
});

describe("names", () => {
  const register = (name: string) =>
    registerSchema.safeParse({
      email: "a@example.com",
      password: "violet-harbor-42",
      confirmPassword: "violet-harbor-42",
      name,
    });
  const messages = (name: string) => register(name).error?.issues.map((i) => i.message) ?? [];

  it("refuses line breaks, control characters and direction overrides inside a name", () => {
    for (const name of [
      "Ada\r\nLovelace",
      "Ada\nClick here",
      "Ada\u0000Lovelace",
      "Ada\u2028Lovelace",
      "Ada\u202eecalevoL",
      "Ada\u0007",
    ])
      expect(messages(name), JSON.stringify(name)).toContain(MESSAGES.nameSpecial);
  });

  it("refuses a web address in a name", () => {
    for (const name of ["Ada https://evil.example/reset", "Visit www.evil.example", "ftp://x"])
      expect(messages(name), name).toContain(MESSAGES.nameWebAddress);
  });

  it("accepts names in any script, with accents, dots, hyphens and joiners", () => {
    for (const name of [
      "Ada Lovelace",
      "J.R.R. Tolkien",
      "Zoë O'Brien-Smith",
      "محمد",
      "می\u200cخواهم",
      "李小龍",
    ])
      expect(register(name).success, name).toBe(true);
  });
});
