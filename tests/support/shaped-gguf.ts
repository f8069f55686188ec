/**
 * Writes a random-weight GGUF of a published model's exact shape (blocks, widths, heads,
 * vocabulary, tied output), so that llama.cpp does the same work per token as with the real
 * model without anyone downloading it. The text it writes is noise; the compute is real.
 *
 * - Every matrix is Q4_0 (4.5 bits a weight, as close to the real Q4_K_M files as a format
 *   this simple gets); norms and biases are F32. Weights are small random numbers, so the
 *   activations stay finite through every block.
 * - The vocabulary is a SentencePiece one of the real size: the words of our own
 *   instructions and the bench's requests as whole tokens (a real tokenizer has them too),
 *   byte fallback for everything else, and filler up to the size. So prompts take about
 *   as many tokens as with the real tokenizer, and the output layer is the real size.
 * - Control tokens have a zero embedding row: with the output tied to the embedding their
 *   logit is 0, below the top 40, so the noise never ends early.
 *
 * The bench writes the real shapes (hundreds of MB to GB); tests write `tinyShape(...)`.
 */
import { open } from "node:fs/promises";
import { LANGUAGES, CONTENT_TYPES, LENGTHS, TONES, REFINE_ACTIONS } from "#shared/generation.ts";
import { LONGEST_USE_CASE, buildPrompt } from "#server/generation/prompts.ts";
import {
  ALIGNMENT,
  ggufHeader,
  mulberry32,
  tokenizerMetadata,
  type MetadataValue,
} from "./tiny-gguf.ts";

export interface ModelShape {
  /** llama.cpp's architecture name. */
  architecture: "qwen2" | "qwen3";
  name: string;
  blocks: number;
  embedding: number;
  heads: number;
  kvHeads: number;
  /** Per head; qwen2 has embedding / heads, qwen3 says it. */
  headDim: number;
  feedForward: number;
  vocabulary: number;
  contextLength: number;
  ropeBase: number;
}

/**
 * The catalogue's models (src/lib/server/generation/local-model/catalogue.ts), from their
 * published config.json files.
 */
export const CATALOGUE_SHAPES: Record<string, ModelShape> = {
  "qwen2.5-0.5b": {
    architecture: "qwen2",
    name: "Qwen2.5-0.5B-Instruct (shape only)",
    blocks: 24,
    embedding: 896,
    heads: 14,
    kvHeads: 2,
    headDim: 64,
    feedForward: 4864,
    vocabulary: 151_936,
    contextLength: 32_768,
    ropeBase: 1_000_000,
  },
  "qwen2.5-1.5b": {
    architecture: "qwen2",
    name: "Qwen2.5-1.5B-Instruct (shape only)",
    blocks: 28,
    embedding: 1536,
    heads: 12,
    kvHeads: 2,
    headDim: 128,
    feedForward: 8960,
    vocabulary: 151_936,
    contextLength: 32_768,
    ropeBase: 1_000_000,
  },
  "qwen3-4b": {
    architecture: "qwen3",
    name: "Qwen3-4B-Instruct-2507 (shape only)",
    blocks: 36,
    embedding: 2560,
    heads: 32,
    kvHeads: 8,
    headDim: 128,
    feedForward: 9728,
    vocabulary: 151_936,
    contextLength: 262_144,
    ropeBase: 5_000_000,
  },
};

/** The same architecture and head layout at toy size, for tests. */
export function tinyShape(shape: ModelShape): ModelShape {
  const headDim = 32;
  return {
    ...shape,
    name: `${shape.name} (tiny)`,
    blocks: 2,
    headDim,
    // qwen2 derives the head size from the width; qwen3 states it.
    embedding: shape.architecture === "qwen2" ? shape.heads * headDim : 64,
    feedForward: 128,
    vocabulary: 2_000,
    contextLength: 4096,
  };
}

const GGML_TYPE_F32 = 0;
const GGML_TYPE_Q4_0 = 2;
const Q4_0_BLOCK = 32;
const Q4_0_BYTES = 18;
/** llama.cpp's file type "mostly Q4_0". */
const FILE_TYPE_Q4_0 = 2;

const TOKEN_NORMAL = 1;
const TOKEN_UNKNOWN = 2;
const TOKEN_CONTROL = 3;
const TOKEN_BYTE = 6;

type PromptRequest = Parameters<typeof buildPrompt>[0];

/** Text whose words a real tokenizer would have whole: our instructions and requests. */
function knownText(): string {
  const parts: string[] = [];
  for (const language of LANGUAGES) {
    for (const type of CONTENT_TYPES) {
      const asked = { subject: "", content: "", language: language.id, contentType: type.id };
      for (const tone of TONES) {
        for (const length of LENGTHS) {
          const request = { ...asked, tone, length, variant: 2 } as PromptRequest;
          parts.push(buildPrompt(request).system);
          if (length === "long") {
            parts.push(buildPrompt(request, undefined, undefined, LONGEST_USE_CASE).system);
          }
        }
      }
      for (const action of REFINE_ACTIONS) {
        const request = {
          ...asked,
          tone: "standard",
          length: "medium",
          variant: 1,
        } as PromptRequest;
        parts.push(buildPrompt(request, { parentId: "", action, text: "" }).system);
        if (action === "translate") continue;
        // A passage change's instructions (issue 43).
        const splice = { start: 0, end: 1, passage: "x", continues: action === "continue" };
        parts.push(buildPrompt(request, { parentId: "", action, text: "x", splice }).system);
      }
    }
  }
  parts.push(
    '{"subject":"","description":""}',
    "A short article about keeping bees on a city balcony: which bees, which flowers, what the neighbours say.",
    "Write to my landlord that the heating has been broken for a week and ask for a repair date.",
    "A blog post about keeping bees on a city balcony.",
  );
  return parts.join("\n");
}

interface Vocabulary {
  tokens: string[];
  scores: number[];
  types: number[];
  bos: number;
  eos: number;
}

function buildVocabulary(size: number): Vocabulary {
  const tokens: string[] = ["<unk>"];
  const types: number[] = [TOKEN_UNKNOWN];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, "0")}>`);
    types.push(TOKEN_BYTE);
  }
  const pieces = new Set<string>();
  const text = knownText().replace(/ /g, "▁");
  // Every character, then every word with its prefixes (SentencePiece builds a word by
  // merging neighbours, so each step must be a token).
  for (const char of text) if (char !== "\n") pieces.add(char);
  pieces.add("▁");
  for (const word of text.split(/\n|(?=▁)/u)) {
    const chars = [...word];
    for (let end = 2; end <= chars.length; end++) pieces.add(chars.slice(0, end).join(""));
  }
  const control = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"];
  const room = size - tokens.length - control.length;
  const known = [...pieces].slice(0, room);
  for (const piece of known) {
    tokens.push(piece);
    types.push(TOKEN_NORMAL);
  }
  // Filler up to the real size: pieces no text contains, which the noise may pick.
  const taken = new Set(tokens);
  for (let i = 0; tokens.length < size - control.length; i++) {
    const filler = `▁w${i.toString(36)}`;
    if (taken.has(filler)) continue;
    tokens.push(filler);
    types.push(TOKEN_NORMAL);
  }
  const first = tokens.length;
  for (const token of control) {
    tokens.push(token);
    types.push(TOKEN_CONTROL);
  }
  // SentencePiece merges the best-scored pair first: longer pieces win.
  const scores = tokens.map((token, id) => (types[id] === TOKEN_NORMAL ? -1000 + token.length : 0));
  return { tokens, scores, types, bos: first, eos: first + 2 };
}

interface TensorPlan {
  name: string;
  dims: number[];
  type: number;
  bytes: number;
  /** How to fill it. */
  fill: "q4" | "ones" | "zeros" | "embedding";
}

function q4Bytes(elements: number): number {
  return (elements / Q4_0_BLOCK) * Q4_0_BYTES;
}

function planTensors(shape: ModelShape): TensorPlan[] {
  const { embedding: e, headDim, heads, kvHeads, feedForward: ff, vocabulary: v } = shape;
  const q = heads * headDim;
  const kv = kvHeads * headDim;
  const matrix = (name: string, cols: number, rows: number): TensorPlan => ({
    name,
    dims: [cols, rows],
    type: GGML_TYPE_Q4_0,
    bytes: q4Bytes(cols * rows),
    fill: "q4",
  });
  const vector = (name: string, n: number, fill: "ones" | "zeros"): TensorPlan => ({
    name,
    dims: [n],
    type: GGML_TYPE_F32,
    bytes: n * 4,
    fill,
  });
  const plans: TensorPlan[] = [
    { ...matrix("token_embd.weight", e, v), fill: "embedding" },
    vector("output_norm.weight", e, "ones"),
  ];
  for (let block = 0; block < shape.blocks; block++) {
    const p = `blk.${block}.`;
    plans.push(
      vector(`${p}attn_norm.weight`, e, "ones"),
      matrix(`${p}attn_q.weight`, e, q),
      matrix(`${p}attn_k.weight`, e, kv),
      matrix(`${p}attn_v.weight`, e, kv),
      matrix(`${p}attn_output.weight`, q, e),
      vector(`${p}ffn_norm.weight`, e, "ones"),
      matrix(`${p}ffn_gate.weight`, e, ff),
      matrix(`${p}ffn_up.weight`, e, ff),
      matrix(`${p}ffn_down.weight`, ff, e),
    );
    if (shape.architecture === "qwen2") {
      plans.push(
        vector(`${p}attn_q.bias`, q, "zeros"),
        vector(`${p}attn_k.bias`, kv, "zeros"),
        vector(`${p}attn_v.bias`, kv, "zeros"),
      );
    } else {
      plans.push(
        vector(`${p}attn_q_norm.weight`, headDim, "ones"),
        vector(`${p}attn_k_norm.weight`, headDim, "ones"),
      );
    }
  }
  return plans;
}

function metadata(shape: ModelShape, vocab: Vocabulary): [string, MetadataValue][] {
  const a = shape.architecture;
  return [
    ["general.architecture", { type: "string", value: a }],
    ["general.name", { type: "string", value: shape.name }],
    ["general.alignment", { type: "u32", value: ALIGNMENT }],
    ["general.file_type", { type: "u32", value: FILE_TYPE_Q4_0 }],
    [`${a}.vocab_size`, { type: "u32", value: shape.vocabulary }],
    [`${a}.context_length`, { type: "u32", value: shape.contextLength }],
    [`${a}.embedding_length`, { type: "u32", value: shape.embedding }],
    [`${a}.block_count`, { type: "u32", value: shape.blocks }],
    [`${a}.feed_forward_length`, { type: "u32", value: shape.feedForward }],
    [`${a}.attention.head_count`, { type: "u32", value: shape.heads }],
    [`${a}.attention.head_count_kv`, { type: "u32", value: shape.kvHeads }],
    [`${a}.attention.key_length`, { type: "u32", value: shape.headDim }],
    [`${a}.attention.value_length`, { type: "u32", value: shape.headDim }],
    [`${a}.rope.freq_base`, { type: "f32", value: shape.ropeBase }],
    [`${a}.attention.layer_norm_rms_epsilon`, { type: "f32", value: 1e-6 }],
    ...tokenizerMetadata(vocab, {
      unknown: 0,
      bos: vocab.bos,
      eos: vocab.eos,
      padding: vocab.bos,
      addBos: false,
    }),
  ];
}

/** 0.004 as an IEEE half: with nibbles −8…7 the weights have a spread of about 0.018. */
const SCALE_F16 = 0x1c19;

/**
 * A run of random Q4_0 blocks that every matrix repeats: the values do not matter, only
 * that they are finite and not all alike. Its length is a whole number of blocks.
 */
function blockPattern(blocks: number): Buffer {
  const random = mulberry32(7);
  const pattern = Buffer.alloc(blocks * Q4_0_BYTES);
  for (let b = 0; b < blocks; b++) {
    const at = b * Q4_0_BYTES;
    pattern.writeUInt16LE(SCALE_F16, at);
    for (let i = 2; i < Q4_0_BYTES; i += 4) {
      pattern.writeUInt32LE(random(), at + i);
    }
  }
  return pattern;
}

const PATTERN_BLOCKS = 1 << 16;

/** Writes a model of `shape` to `path` (deterministic: the same shape, the same bytes). */
export async function writeShapedGguf(path: string, shape: ModelShape): Promise<void> {
  const vocab = buildVocabulary(shape.vocabulary);
  const plans = planTensors(shape);
  const entries = metadata(shape, vocab);
  let offset = 0;
  const padded = (bytes: number) => bytes + ((ALIGNMENT - (bytes % ALIGNMENT)) % ALIGNMENT);
  const infos = plans.map(({ name, dims, type, bytes }) => {
    const info = { name, dims, type, offset };
    offset += padded(bytes);
    return info;
  });

  const pattern = blockPattern(PATTERN_BLOCKS);
  const file = await open(path, "w");
  try {
    await file.write(ggufHeader(entries, infos));
    for (const plan of plans) {
      let data: Buffer;
      if (plan.fill === "ones") data = Buffer.from(new Float32Array(plan.bytes / 4).fill(1).buffer);
      else if (plan.fill === "zeros") data = Buffer.alloc(plan.bytes);
      else data = Buffer.alloc(0);
      if (plan.fill === "q4" || plan.fill === "embedding") {
        // Written a pattern at a time; the embedding's control-token rows get scale 0.
        const rowBytes = q4Bytes(plan.dims[0]!);
        const controlFrom = plan.fill === "embedding" ? vocab.bos * rowBytes : plan.bytes;
        for (let at = 0; at < plan.bytes; at += pattern.length) {
          const chunk = Buffer.from(pattern.subarray(0, Math.min(pattern.length, plan.bytes - at)));
          for (let b = Math.max(0, controlFrom - at); b < chunk.length; b += Q4_0_BYTES) {
            chunk.writeUInt16LE(0, b);
          }
          await file.write(chunk);
        }
      } else {
        await file.write(data);
      }
      const padding = padded(plan.bytes) - plan.bytes;
      if (padding > 0) await file.write(Buffer.alloc(padding));
    }
  } finally {
    await file.close();
  }
}

/** How many bytes `writeShapedGguf` writes for the weights (the download-size stand-in). */
export function shapedWeightBytes(shape: ModelShape): number {
  return planTensors(shape).reduce((sum, plan) => sum + plan.bytes, 0);
}
