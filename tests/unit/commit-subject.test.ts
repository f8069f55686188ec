import { describe, expect, it } from "vitest";
import { commitSubject, MAX_SUBJECT_LENGTH, subjectProblem } from "../../scripts/commit-subject.ts";

describe("the commit-msg check", () => {
  it("takes the first line that is neither blank nor a comment as the subject", () => {
    expect(
      commitSubject("# Please enter the message\n\nFix the thing  \n\nWhy it was broken."),
    ).toBe("Fix the thing");
    expect(commitSubject("# only comments\n")).toBe("");
  });

  it("accepts a subject of 72 characters and refuses one of 73", () => {
    expect(
      subjectProblem("a".repeat(MAX_SUBJECT_LENGTH) + "\n\nbody " + "b".repeat(200)),
    ).toBeNull();
    expect(subjectProblem("a".repeat(MAX_SUBJECT_LENGTH + 1))).toMatch(/73 characters; at most 72/);
  });

  it("counts characters, not bytes", () => {
    expect(subjectProblem("é".repeat(MAX_SUBJECT_LENGTH))).toBeNull();
    expect(subjectProblem("→".repeat(MAX_SUBJECT_LENGTH))).toBeNull();
  });

  it("does not count the prefixes that autosquash drops", () => {
    expect(subjectProblem("fixup! " + "a".repeat(MAX_SUBJECT_LENGTH))).toBeNull();
    expect(subjectProblem("squash! " + "a".repeat(MAX_SUBJECT_LENGTH + 1))).not.toBeNull();
  });
});
