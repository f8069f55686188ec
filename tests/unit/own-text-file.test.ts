import { describe, expect, it } from "vitest";
import {
  MAX_OWN_TEXT_FILE_BYTES,
  plainText,
  readOwnTextFile,
} from "#generator/own-text/read-file.ts";

/** Issue 26, item 5: a file that is not text, or too large, is refused with its reason. */

const size = (megabytes: number) => megabytes.toFixed(1);
const file = (bytes: Uint8Array<ArrayBuffer> | string, name: string) => new File([bytes], name);

describe("reading your text from a file", () => {
  it("reads UTF-8 text, without its byte-order mark and with Windows line ends made plain", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Größe\r\nnaïve")]);
    expect(await readOwnTextFile(file(bytes, "notes.TXT"), size)).toEqual({ text: "Größe\nnaïve" });
    expect(await readOwnTextFile(file("# Plan\n\n- one", "plan.md"), size)).toEqual({
      text: "# Plan\n\n- one",
    });
  });

  it("refuses bytes that are not text: a NUL, or invalid UTF-8", () => {
    expect(plainText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00]))).toBeNull();
    expect(plainText(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(plainText(new TextEncoder().encode("fine"))).toBe("fine");
  });

  it("names why a file is refused", async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x10, 0x4a, 0x46]);
    expect(await readOwnTextFile(file(jpeg, "photo.txt"), size)).toEqual({
      failure: "file.notText",
      values: { name: "photo.txt" },
    });
    expect(await readOwnTextFile(file("text", "photo.png"), size)).toEqual({
      failure: "file.kind",
      values: { name: "photo.png" },
    });
    expect(await readOwnTextFile(file(" \n\t", "empty.txt"), size)).toEqual({
      failure: "file.empty",
      values: { name: "empty.txt" },
    });
    expect(await readOwnTextFile(file("not a zip", "letter.docx"), size)).toMatchObject({
      failure: "file.docxUnreadable",
    });
  });

  it("refuses a file over 2 MB without reading it", async () => {
    const big = file(new Uint8Array(MAX_OWN_TEXT_FILE_BYTES + 1), "big.txt");
    let read = false;
    big.arrayBuffer = () => {
      read = true;
      return Promise.resolve(new ArrayBuffer(0));
    };
    expect(await readOwnTextFile(big, size)).toEqual({
      failure: "file.tooBig",
      values: { name: "big.txt", size: "2.0" },
    });
    expect(read).toBe(false);
  });
});
