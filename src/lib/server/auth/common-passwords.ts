/**
 * The most common leaked passwords (about 49,000, lower case), from the maintained
 * `@zxcvbn-ts/language-common` dictionary: shipped inside the npm package, read offline.
 * Loaded on first use, once, so that starting the server does not pay for it.
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;

export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import("@zxcvbn-ts/language-common")
    .then(({ dictionary }) => new Set(dictionary["passwords-common"]))
    .catch((error: unknown) => {
      commonPasswords = undefined;
      throw error;
    });
  return commonPasswords;
}
