/**
 * The local writer's short list (docs/decisions/070-model-catalogue.md): `LOCAL_MODEL` takes
 * these short names as well as paths and URIs. All three are Apache-2.0, ungated,
 * instruction-tuned and trained on all ten of our languages; Q4_K_M files.
 */
export const MODEL_CATALOGUE = {
  /** The default: 398 MB, fast on two cores. */
  "qwen2.5-0.5b": "hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF/Qwen2.5-0.5B-Instruct-Q4_K_M.gguf",
  /** Better text, more slowly: 986 MB. */
  "qwen2.5-1.5b": "hf:bartowski/Qwen2.5-1.5B-Instruct-GGUF/Qwen2.5-1.5B-Instruct-Q4_K_M.gguf",
  /** The best text of the three, for a machine with more cores: 2.5 GB. */
  "qwen3-4b": "hf:unsloth/Qwen3-4B-Instruct-2507-GGUF/Qwen3-4B-Instruct-2507-Q4_K_M.gguf",
} as const;

export type CatalogueName = keyof typeof MODEL_CATALOGUE;

export const DEFAULT_MODEL_NAME: CatalogueName = "qwen2.5-0.5b";

/** The URI behind a catalogue name (any case), or undefined for anything else. */
export function catalogueUri(value: string): string | undefined {
  const name = value.trim().toLowerCase();
  return Object.hasOwn(MODEL_CATALOGUE, name) ? MODEL_CATALOGUE[name as CatalogueName] : undefined;
}
