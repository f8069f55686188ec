/**
 * Writes a tiny llama-architecture GGUF model with seeded random F32 weights.
 *
 * The model is useless as a language model but real enough for llama.cpp (via node-llama-cpp)
 * to load it, tokenize with an SPM byte-fallback vocabulary, apply a ChatML chat template and
 * generate tokens quickly on the CPU. The file is about 0.5 MB.
 *
 * GGUF v3 layout (all little-endian):
 *   header:       magic "GGUF", version uint32, tensor count uint64, metadata kv count uint64
 *   metadata:     key (gguf string), value type uint32, value
 *   tensor infos: name (gguf string), n_dims uint32, dims uint64[] (ne[0] first), ggml type uint32,
 *                 data offset uint64 (relative to the data section, aligned)
 *   padding:      zeros up to `general.alignment`
 *   tensor data:  each tensor at its offset, padded to `general.alignment`
 * A gguf string is a uint64 byte length followed by UTF-8 bytes (no terminator).
 */
import { writeFile } from "node:fs/promises";

export const TINY_GGUF_NAME = "tiny-test";
/**
 * Not 512: with a vocabulary this small most text is spelled byte by byte, and the
 * product's system prompt alone is about 700 tokens.
 */
export const TINY_GGUF_CONTEXT_LENGTH = 4096;
export const TINY_GGUF_EMBEDDING_LENGTH = 64;
export const TINY_GGUF_BLOCK_COUNT = 2;
export const TINY_GGUF_FEED_FORWARD_LENGTH = 128;
export const TINY_GGUF_HEAD_COUNT = 4;
export const TINY_GGUF_DEFAULT_SEED = 42;

/** A standard ChatML template; node-llama-cpp recognises it and picks its ChatML wrapper. */
export const TINY_GGUF_CHAT_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

export const TINY_GGUF_UNK_TOKEN_ID = 0;
export const TINY_GGUF_BOS_TOKEN_ID = 1;
export const TINY_GGUF_EOS_TOKEN_ID = 2;

export const ALIGNMENT = 32;

// GGUF metadata value types.
const GGUF_TYPE_UINT32 = 4;
const GGUF_TYPE_INT32 = 5;
const GGUF_TYPE_FLOAT32 = 6;
const GGUF_TYPE_BOOL = 7;
const GGUF_TYPE_STRING = 8;
const GGUF_TYPE_ARRAY = 9;

// ggml tensor type for 32-bit floats.
const GGML_TYPE_F32 = 0;

// llama.cpp token types (tokenizer.ggml.token_type).
const TOKEN_TYPE_NORMAL = 1;
const TOKEN_TYPE_UNKNOWN = 2;
const TOKEN_TYPE_CONTROL = 3;
const TOKEN_TYPE_BYTE = 6;

/**
 * Ordinary SentencePiece words ("▁" marks a word start). llama.cpp's SPM tokenizer builds tokens by
 * merging adjacent pieces, so every prefix of each word is in the vocabulary too ("▁", "▁t", "▁th",
 * "▁the"); anything else falls back to byte tokens.
 */
const WORDS = [
  "▁the",
  "▁a",
  "▁and",
  "▁of",
  "▁to",
  "▁in",
  "▁is",
  "▁it",
  "▁for",
  "▁with",
  "▁writer",
  "▁text",
  "▁story",
  "▁email",
  "▁essay",
  "▁hello",
  "▁world",
  "▁good",
  "ing",
  "ed",
  "er",
  "ly",
  "e",
  "t",
  "a",
  "o",
  "s",
  ".",
  ",",
];

function wordPieces(): string[] {
  const pieces = new Set<string>();
  for (const word of WORDS) {
    for (let end = 1; end <= word.length; end++) pieces.add(word.slice(0, end));
  }
  return [...pieces];
}

type Vocab = { tokens: string[]; scores: number[]; types: number[] };

function buildVocab(): Vocab {
  const tokens: string[] = ["<unk>", "<s>", "</s>"];
  const scores: number[] = [0, 0, 0];
  const types: number[] = [TOKEN_TYPE_UNKNOWN, TOKEN_TYPE_CONTROL, TOKEN_TYPE_CONTROL];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, "0")}>`);
    scores.push(0);
    types.push(TOKEN_TYPE_BYTE);
  }
  // SPM merges prefer higher scores; longer pieces score higher so whole words win.
  for (const piece of wordPieces()) {
    tokens.push(piece);
    scores.push(-100 + piece.length);
    types.push(TOKEN_TYPE_NORMAL);
  }
  return { tokens, scores, types };
}

const VOCAB = buildVocab();
export const TINY_GGUF_VOCAB_SIZE = VOCAB.tokens.length;

/** Small deterministic PRNG (mulberry32), 32 bits at a time. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The same PRNG, as floats in [0, 1). */
function createRandom(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
}

/** Growable little-endian byte writer for the header, metadata and tensor infos. */
export class ByteWriter {
  private chunks: Buffer[] = [];
  length = 0;

  private push(buffer: Buffer): void {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  bytes(buffer: Buffer): void {
    this.push(buffer);
  }
  private fixed(size: number, write: (buffer: Buffer) => void): void {
    const buffer = Buffer.alloc(size);
    write(buffer);
    this.push(buffer);
  }
  u32(value: number): void {
    this.fixed(4, (buffer) => buffer.writeUInt32LE(value));
  }
  i32(value: number): void {
    this.fixed(4, (buffer) => buffer.writeInt32LE(value));
  }
  u64(value: number): void {
    this.fixed(8, (buffer) => buffer.writeBigUInt64LE(BigInt(value)));
  }
  f32(value: number): void {
    this.fixed(4, (buffer) => buffer.writeFloatLE(value));
  }
  bool(value: boolean): void {
    this.push(Buffer.from([value ? 1 : 0]));
  }
  string(value: string): void {
    const utf8 = Buffer.from(value, "utf8");
    this.u64(utf8.length);
    this.push(utf8);
  }
  padTo(alignment: number): void {
    const padding = (alignment - (this.length % alignment)) % alignment;
    if (padding > 0) this.push(Buffer.alloc(padding));
  }
  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }
}

export type MetadataValue =
  | { type: "u32"; value: number }
  | { type: "i32"; value: number }
  | { type: "f32"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "string"; value: string }
  | { type: "string[]"; value: string[] }
  | { type: "f32[]"; value: number[] }
  | { type: "i32[]"; value: number[] };

/** GGUF's type code for each scalar type; an array is ARRAY, then its elements' code. */
const GGUF_TYPES = {
  u32: GGUF_TYPE_UINT32,
  i32: GGUF_TYPE_INT32,
  f32: GGUF_TYPE_FLOAT32,
  bool: GGUF_TYPE_BOOL,
  string: GGUF_TYPE_STRING,
} as const;
type ScalarType = keyof typeof GGUF_TYPES;

function writeScalar(writer: ByteWriter, type: ScalarType, value: number | boolean | string) {
  if (type === "bool") writer.bool(value as boolean);
  else if (type === "string") writer.string(value as string);
  else writer[type](value as number);
}

export function writeMetadataValue(writer: ByteWriter, entry: MetadataValue): void {
  if (Array.isArray(entry.value)) {
    // Arrays: ARRAY type, then element type uint32, element count uint64, then the elements.
    const type = entry.type.slice(0, -"[]".length) as ScalarType;
    writer.u32(GGUF_TYPE_ARRAY);
    writer.u32(GGUF_TYPES[type]);
    writer.u64(entry.value.length);
    for (const item of entry.value) writeScalar(writer, type, item);
  } else {
    const type = entry.type as ScalarType;
    writer.u32(GGUF_TYPES[type]);
    writeScalar(writer, type, entry.value);
  }
}

/** A tensor's entry in the header: where its data starts, counted from the data section. */
export interface TensorInfo {
  name: string;
  /** ggml order: ne[0] (the contiguous row length) first. */
  dims: number[];
  /** ggml's type code. */
  type: number;
  offset: number;
}

/** A version-3 GGUF header: magic, counts, metadata and tensor infos, padded for the data. */
export function ggufHeader(metadata: [string, MetadataValue][], tensors: TensorInfo[]): Buffer {
  const header = new ByteWriter();
  header.bytes(Buffer.from("GGUF", "ascii"));
  header.u32(3);
  header.u64(tensors.length);
  header.u64(metadata.length);
  for (const [key, value] of metadata) {
    header.string(key);
    writeMetadataValue(header, value);
  }
  for (const tensor of tensors) {
    header.string(tensor.name);
    header.u32(tensor.dims.length);
    for (const dim of tensor.dims) header.u64(dim);
    header.u32(tensor.type);
    header.u64(tensor.offset);
  }
  header.padTo(ALIGNMENT);
  return header.toBuffer();
}

function buildMetadata(contextLength: number): [string, MetadataValue][] {
  return [
    ["general.architecture", { type: "string", value: "llama" }],
    ["general.name", { type: "string", value: TINY_GGUF_NAME }],
    ["general.alignment", { type: "u32", value: ALIGNMENT }],
    ["llama.vocab_size", { type: "u32", value: TINY_GGUF_VOCAB_SIZE }],
    ["llama.context_length", { type: "u32", value: contextLength }],
    ["llama.embedding_length", { type: "u32", value: TINY_GGUF_EMBEDDING_LENGTH }],
    ["llama.block_count", { type: "u32", value: TINY_GGUF_BLOCK_COUNT }],
    ["llama.feed_forward_length", { type: "u32", value: TINY_GGUF_FEED_FORWARD_LENGTH }],
    ["llama.attention.head_count", { type: "u32", value: TINY_GGUF_HEAD_COUNT }],
    ["llama.attention.head_count_kv", { type: "u32", value: TINY_GGUF_HEAD_COUNT }],
    [
      "llama.rope.dimension_count",
      { type: "u32", value: TINY_GGUF_EMBEDDING_LENGTH / TINY_GGUF_HEAD_COUNT },
    ],
    ["llama.attention.layer_norm_rms_epsilon", { type: "f32", value: 1e-5 }],
    ...tokenizerMetadata(VOCAB, {
      unknown: TINY_GGUF_UNK_TOKEN_ID,
      bos: TINY_GGUF_BOS_TOKEN_ID,
      eos: TINY_GGUF_EOS_TOKEN_ID,
      addBos: true,
    }),
  ];
}

/**
 * A SentencePiece ("llama") tokenizer's metadata, in the order both test models write it:
 * the vocabulary, the special tokens' ids, and the chat template.
 */
export function tokenizerMetadata(
  vocab: Vocab,
  special: { unknown: number; bos: number; eos: number; padding?: number; addBos: boolean },
): [string, MetadataValue][] {
  const padding: [string, MetadataValue][] =
    special.padding === undefined
      ? []
      : [["tokenizer.ggml.padding_token_id", { type: "u32", value: special.padding }]];
  return [
    ["tokenizer.ggml.model", { type: "string", value: "llama" }],
    ["tokenizer.ggml.tokens", { type: "string[]", value: vocab.tokens }],
    ["tokenizer.ggml.scores", { type: "f32[]", value: vocab.scores }],
    ["tokenizer.ggml.token_type", { type: "i32[]", value: vocab.types }],
    ["tokenizer.ggml.unknown_token_id", { type: "u32", value: special.unknown }],
    ["tokenizer.ggml.bos_token_id", { type: "u32", value: special.bos }],
    ["tokenizer.ggml.eos_token_id", { type: "u32", value: special.eos }],
    ...padding,
    ["tokenizer.ggml.add_bos_token", { type: "bool", value: special.addBos }],
    ["tokenizer.ggml.add_eos_token", { type: "bool", value: false }],
    ["tokenizer.chat_template", { type: "string", value: TINY_GGUF_CHAT_TEMPLATE }],
  ];
}

type Tensor = { name: string; dims: number[]; data: Float32Array };

/**
 * Whether a token may be predicted. Special tokens (notably `</s>`), control bytes and non-ASCII
 * bytes get an all-zero output row so greedy decoding never picks them: generation then runs up
 * to its token budget and streams plain ASCII text.
 */
function isPredictable(tokenId: number): boolean {
  const type = VOCAB.types[tokenId];
  if (type === TOKEN_TYPE_NORMAL) return true;
  if (type !== TOKEN_TYPE_BYTE) return false;
  const byte = tokenId - 3;
  return byte >= 0x20 && byte < 0x7f;
}

function buildTensors(seed: number): Tensor[] {
  const random = createRandom(seed);
  const uniform = (count: number): Float32Array => {
    const data = new Float32Array(count);
    for (let i = 0; i < count; i++) data[i] = (random() * 2 - 1) * 0.1;
    return data;
  };
  const ones = (count: number): Float32Array => new Float32Array(count).fill(1);

  const nEmbd = TINY_GGUF_EMBEDDING_LENGTH;
  const nFf = TINY_GGUF_FEED_FORWARD_LENGTH;
  const nVocab = TINY_GGUF_VOCAB_SIZE;

  const output = uniform(nEmbd * nVocab);
  for (let tokenId = 0; tokenId < nVocab; tokenId++) {
    if (!isPredictable(tokenId)) output.fill(0, tokenId * nEmbd, (tokenId + 1) * nEmbd);
  }

  // dims are ggml order: ne[0] (the contiguous row length) first.
  const tensors: Tensor[] = [
    { name: "token_embd.weight", dims: [nEmbd, nVocab], data: uniform(nEmbd * nVocab) },
    { name: "output_norm.weight", dims: [nEmbd], data: ones(nEmbd) },
    { name: "output.weight", dims: [nEmbd, nVocab], data: output },
  ];
  for (let block = 0; block < TINY_GGUF_BLOCK_COUNT; block++) {
    const prefix = `blk.${block}.`;
    tensors.push(
      { name: `${prefix}attn_norm.weight`, dims: [nEmbd], data: ones(nEmbd) },
      { name: `${prefix}attn_q.weight`, dims: [nEmbd, nEmbd], data: uniform(nEmbd * nEmbd) },
      { name: `${prefix}attn_k.weight`, dims: [nEmbd, nEmbd], data: uniform(nEmbd * nEmbd) },
      { name: `${prefix}attn_v.weight`, dims: [nEmbd, nEmbd], data: uniform(nEmbd * nEmbd) },
      { name: `${prefix}attn_output.weight`, dims: [nEmbd, nEmbd], data: uniform(nEmbd * nEmbd) },
      { name: `${prefix}ffn_norm.weight`, dims: [nEmbd], data: ones(nEmbd) },
      { name: `${prefix}ffn_gate.weight`, dims: [nEmbd, nFf], data: uniform(nEmbd * nFf) },
      { name: `${prefix}ffn_up.weight`, dims: [nEmbd, nFf], data: uniform(nEmbd * nFf) },
      { name: `${prefix}ffn_down.weight`, dims: [nFf, nEmbd], data: uniform(nFf * nEmbd) },
    );
  }
  return tensors;
}

/**
 * Writes the tiny model to `path`. The same seed always produces byte-identical files.
 * `contextLength` is the context it was "trained" on (a model too small for our prompts).
 */
export async function writeTinyGguf(
  path: string,
  options: { seed?: number; contextLength?: number } = {},
): Promise<void> {
  const tensors = buildTensors(options.seed ?? TINY_GGUF_DEFAULT_SEED);
  const metadata = buildMetadata(options.contextLength ?? TINY_GGUF_CONTEXT_LENGTH);
  // Each tensor's data padded to the alignment, its offset counted from the data section.
  const infos: TensorInfo[] = [];
  const dataChunks: Buffer[] = [];
  let dataOffset = 0;
  for (const tensor of tensors) {
    infos.push({ name: tensor.name, dims: tensor.dims, type: GGML_TYPE_F32, offset: dataOffset });
    const bytes = Buffer.alloc(tensor.data.length * 4);
    tensor.data.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
    const padding = (ALIGNMENT - (bytes.length % ALIGNMENT)) % ALIGNMENT;
    dataChunks.push(bytes, Buffer.alloc(padding));
    dataOffset += bytes.length + padding;
  }
  await writeFile(path, Buffer.concat([ggufHeader(metadata, infos), ...dataChunks]));
}
