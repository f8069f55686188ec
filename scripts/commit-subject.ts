/**
 * The commit-msg check (`.githooks/commit-msg`, turned on by `npm install`'s `prepare`): a
 * subject of at most 72 characters, so that `git log --oneline` and review tools show it
 * whole; the why goes in the body. Run as `node scripts/commit-subject.ts <message file>`.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const MAX_SUBJECT_LENGTH = 72;

/** The subject git will keep: the first line that is neither blank nor a `#` comment. */
export function commitSubject(message: string): string {
  for (const line of message.split(/\r?\n/)) {
    if (line.startsWith("#")) continue;
    if (line.trim() !== "") return line.trimEnd();
  }
  return "";
}

/** Why the message's subject is refused, or null when it is fine. */
export function subjectProblem(message: string): string | null {
  // `git commit --fixup` and `--squash` prefix a subject that autosquash then drops.
  const subject = commitSubject(message).replace(/^((fixup|squash|amend)! )+/, "");
  const length = [...subject].length;
  if (length <= MAX_SUBJECT_LENGTH) return null;
  return `The commit subject has ${length} characters; at most ${MAX_SUBJECT_LENGTH}. Put the why in the body, after a blank line.`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node scripts/commit-subject.ts <commit message file>");
    process.exit(2);
  }
  const problem = subjectProblem(readFileSync(file, "utf8"));
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
