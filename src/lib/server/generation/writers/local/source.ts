import { basename, isAbsolute, resolve } from "node:path";
import { DEFAULT_MODEL_NAME, MODEL_CATALOGUE, catalogueUri } from "./catalogue.ts";

/**
 * Where the local writer's model comes from (`LOCAL_MODEL`): nowhere (`off`), a file on
 * this machine, or a download (a catalogue name such as `qwen2.5-1.5b`, an `http(s)://`
 * URL, or an `hf:` URI that names a file in a Hugging Face repository). Downloads are kept
 * in `DATA_DIR/models` under the file's name.
 */
export type ModelSource =
  | { kind: "off" }
  | { kind: "file"; path: string; name: string }
  | { kind: "download"; url: string; path: string; name: string };

/**
 * The default outside production (docs/decisions/070): the catalogue's Qwen2.5
 * 0.5B Instruct, Apache-2.0, ungated, instruction-tuned, 29 languages including all ten of
 * ours, 398 MB at Q4_K_M.
 */
export const DEFAULT_MODEL: string = MODEL_CATALOGUE[DEFAULT_MODEL_NAME];

/** `hf:owner/repo/path/to/file.gguf` (optionally `owner/repo:revision/…`) → its download URL. */
export function huggingFaceUrl(uri: string): string {
  const match = /^hf:([\w.-]+)\/([\w.-]+)(?::([\w.-]+))?\/(.+\.gguf)$/i.exec(uri.trim());
  if (!match) {
    throw new Error(`"${uri}" is not an hf: model URI; expected hf:<owner>/<repo>/<file>.gguf`);
  }
  const [, owner, repo, revision = "main", file] = match;
  const path = file!.split("/").map(encodeURIComponent).join("/");
  return `https://huggingface.co/${owner}/${repo}/resolve/${revision}/${path}`;
}

function fileNameOf(url: string): string {
  const name = decodeURIComponent(basename(new URL(url).pathname));
  // A name we write to disk: no separators, no dot files, something that says what it is.
  const safe = name.replace(/[^\w.-]+/g, "_").replace(/^\.+/, "");
  return safe.endsWith(".gguf") ? safe : `${safe || "model"}.gguf`;
}

/**
 * Reads `LOCAL_MODEL`. Unset means the default model in development and `off` in
 * production, where downloading half a gigabyte should be a decision, not a surprise, and
 * in tests, which never download.
 */
export function modelSource(
  setting: string | undefined,
  options: { nodeEnv: "development" | "production" | "test"; dataDir: string },
): ModelSource {
  const given = setting?.trim() || (options.nodeEnv === "development" ? DEFAULT_MODEL : "off");
  if (given === "off") return { kind: "off" };
  const value = catalogueUri(given) ?? given;
  const modelsDir = resolve(options.dataDir, "models");
  if (/^https?:\/\//i.test(value) || /^hf:/i.test(value)) {
    const url = /^hf:/i.test(value) ? huggingFaceUrl(value) : new URL(value).href;
    const name = fileNameOf(url);
    return { kind: "download", url, path: resolve(modelsDir, name), name };
  }
  const path = isAbsolute(value) ? value : resolve(value);
  return { kind: "file", path, name: basename(path) };
}

/** "Qwen2.5-0.5B-Instruct-Q4_K_M.gguf" → "Qwen2.5 0.5B", for the badge ("Local AI · …"). */
export function modelLabel(fileName: string): string {
  const stem = fileName.replace(/\.gguf$/i, "");
  const words = stem
    .split(/[-_\s]+/)
    .filter((word) => !/^(?:instruct|chat|it|gguf|q\d.*|iq\d.*|f16|f32|bf16|k|m|s|l)$/i.test(word));
  return (words.join(" ") || stem).slice(0, 40);
}
