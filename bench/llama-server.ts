/**
 * The local writer's reference (DESIGN §11): llama.cpp's `llama-server`, what Ollama runs,
 * built once from the llama.cpp source node-llama-cpp ships (a git bundle and its tag in
 * node_modules/node-llama-cpp/llama/) into a cache folder. The build downloads nothing: no
 * curl, no HTTPS, no Web UI assets, no submodules. Where cmake or a C++ compiler is missing
 * the bench says so and skips the reference's rows.
 *
 * `node bench/llama-server.ts [variant]` builds it ahead of a bench run (about 10 minutes
 * on two cores).
 */
import { execFile, spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

const NODE_LLAMA_CPP = resolve("node_modules/node-llama-cpp/llama");

/**
 * The x86-64 CPU variants node-llama-cpp's prebuilt binary carries (libggml-cpu-<name>.so,
 * one of which ggml picks at start by what the CPU offers), with the instruction sets
 * llama.cpp's CMake gives each (ggml/src/CMakeLists.txt, `ggml_add_cpu_backend_variant`).
 * A llama-server built with a variant's flags runs the same kernels as node-llama-cpp
 * loading that variant.
 */
export const CPU_VARIANTS: Record<string, string[]> = {
  x64: [],
  sse42: ["SSE42"],
  sandybridge: ["SSE42", "AVX"],
  haswell: ["SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2"],
  skylakex: ["SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2", "AVX512"],
  icelake: [
    ...["SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2"],
    ...["AVX512", "AVX512_VBMI", "AVX512_VNNI"],
  ],
  alderlake: ["SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2", "AVX_VNNI"],
  sapphirerapids: [
    ...["SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2"],
    ...["AVX512", "AVX512_VBMI", "AVX512_VNNI", "AVX512_BF16", "AMX_TILE", "AMX_INT8"],
  ],
};

/** Every instruction-set switch a variant turns on or off (the rest keep their defaults). */
const ISA_SWITCHES = [
  ...["SSE42", "AVX", "AVX2", "BMI2", "AVX_VNNI", "FMA", "F16C"],
  ...["AVX512", "AVX512_VBMI", "AVX512_VNNI", "AVX512_BF16", "AMX_TILE", "AMX_INT8", "AMX_BF16"],
];

/** The llama.cpp release node-llama-cpp was built from ("v0.4.0" is node-llama-cpp's tag). */
export function llamaCppTag(): string {
  const info = JSON.parse(readFileSync(join(NODE_LLAMA_CPP, "llama.cpp.info.json"), "utf8"));
  return String(info.tag);
}

/** ~/.cache/ai-text-generator (or $XDG_CACHE_HOME's). */
function cacheFolder(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "ai-text-generator");
}

export function llamaServerPath(variant: string): string {
  return join(cacheFolder(), `llama-server-${llamaCppTag()}-${variant}`, "llama-server");
}

/** CMake's options for a static llama-server with one CPU variant's kernels. */
export function cmakeOptions(variant: string): string[] {
  const on = CPU_VARIANTS[variant];
  if (!on) throw new Error(`no CPU variant ${variant}: one of ${Object.keys(CPU_VARIANTS)}`);
  return [
    "-DCMAKE_BUILD_TYPE=Release",
    "-DBUILD_SHARED_LIBS=OFF",
    "-DGGML_NATIVE=OFF",
    "-DGGML_BACKEND_DL=OFF",
    ...ISA_SWITCHES.map((isa) => `-DGGML_${isa}=${on.includes(isa) ? "ON" : "OFF"}`),
    // node-llama-cpp's prebuilt binary uses ggml's own thread pool (it links no libgomp).
    "-DGGML_OPENMP=OFF",
    // Nothing downloaded, nothing but the server built.
    "-DLLAMA_CURL=OFF",
    "-DLLAMA_OPENSSL=OFF",
    "-DLLAMA_BUILD_UI=OFF",
    "-DLLAMA_USE_PREBUILT_UI=OFF",
    "-DLLAMA_BUILD_TESTS=OFF",
    "-DLLAMA_BUILD_EXAMPLES=OFF",
    "-DLLAMA_BUILD_APP=OFF",
    "-DGGML_CPU_KLEIDIAI=OFF",
  ];
}

/** Why a build cannot run here, or null when cmake and a C++ compiler are present. */
async function missingTools(): Promise<string | null> {
  for (const [tool, args] of [
    ["cmake", ["--version"]],
    ["c++", ["--version"]],
    ["git", ["--version"]],
  ] as const) {
    try {
      await run(tool, [...args]);
    } catch {
      return `${tool} is not installed`;
    }
  }
  return null;
}

async function step(command: string, args: string[], cwd: string): Promise<void> {
  const child = spawn(command, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
  const code = await new Promise<number | null>((done) => child.on("close", done));
  if (code !== 0) throw new Error(`${command} ${args.slice(0, 3).join(" ")}… exited ${code}`);
}

/**
 * The llama-server binary of `variant`, built on first use; or why there is none
 * (`{ skipped }`), which the bench reports in place of the reference's rows.
 */
export async function ensureLlamaServer(
  variant: string,
): Promise<{ path: string } | { skipped: string }> {
  const path = llamaServerPath(variant);
  if (existsSync(path)) return { path };
  const missing = await missingTools();
  if (missing) return { skipped: `llama-server not built: ${missing}` };
  const tag = llamaCppTag();
  const source = join(cacheFolder(), `llama.cpp-src-${tag}`);
  const build = join(cacheFolder(), `llama-server-build-${tag}-${variant}`);
  try {
    if (!existsSync(join(source, "CMakeLists.txt"))) {
      rmSync(source, { recursive: true, force: true });
      mkdirSync(cacheFolder(), { recursive: true });
      await step(
        "git",
        ["clone", "--quiet", join(NODE_LLAMA_CPP, "gitRelease.bundle"), source],
        cacheFolder(),
      );
    }
    console.log(`building llama-server (${tag}, ${variant} kernels) into ${path}…`);
    const started = performance.now();
    await step("cmake", ["-S", source, "-B", build, ...cmakeOptions(variant)], source);
    await step("cmake", ["--build", build, "--target", "llama-server", "-j2"], source);
    mkdirSync(join(path, ".."), { recursive: true });
    renameSync(join(build, "bin", "llama-server"), path);
    rmSync(build, { recursive: true, force: true });
    console.log(`built llama-server in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
    return { path };
  } catch (error) {
    return { skipped: `llama-server not built: ${(error as Error).message}` };
  }
}

/** node-llama-cpp's prebuilt binaries for this machine (linux-x64 only). */
const PREBUILT = resolve("node_modules/@node-llama-cpp/linux-x64");

/**
 * Which CPU variant node-llama-cpp loads on this machine as shipped: ggml's choice, read
 * from its log in a process of its own (this one may be held to a variant).
 */
export async function shippedVariant(): Promise<string> {
  const { stdout } = await run(process.execPath, [import.meta.filename, "--shipped-variant"]);
  return stdout.trim() || "unknown";
}

/** The CPU variant ggml loads in this process, from its log. */
async function loadedVariant(): Promise<string> {
  const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
  const seen: string[] = [];
  const llama = await getLlama({
    build: "never",
    gpu: false,
    logLevel: LlamaLogLevel.debug,
    logger: (_level, message) => seen.push(message),
  });
  await llama.dispose();
  return /libggml-cpu-([\w.]+)\.so/.exec(seen.join(" "))?.[1] ?? "";
}

/**
 * A copy of node-llama-cpp's prebuilt binary folder holding only `variant`'s CPU library,
 * made once in the cache folder, for bench/cpu-variant.ts: the environment that makes a
 * process's node-llama-cpp load it.
 */
export function variantBins(variant: string): Record<string, string> {
  const version = JSON.parse(readFileSync(join(PREBUILT, "package.json"), "utf8")).version;
  const bins = join(cacheFolder(), `node-llama-cpp-${version}-${variant}`);
  const from = join(PREBUILT, "bins", "linux-x64");
  const to = join(bins, "linux-x64");
  if (!existsSync(join(to, `libggml-cpu-${variant}.so`))) {
    if (!existsSync(join(from, `libggml-cpu-${variant}.so`)))
      throw new Error(`node-llama-cpp ships no ${variant} CPU variant for linux-x64`);
    rmSync(bins, { recursive: true, force: true });
    mkdirSync(`${to}.part`, { recursive: true });
    for (const file of readdirSync(from)) {
      if (file.startsWith("libggml-cpu-") && file !== `libggml-cpu-${variant}.so`) continue;
      copyFileSync(join(from, file), join(`${to}.part`, file));
    }
    renameSync(`${to}.part`, to);
  }
  return { BENCH_CPU_VARIANT_BINS: bins, BENCH_CPU_VARIANT_VERSION: version };
}

if (import.meta.main && process.argv[2] === "--shipped-variant") {
  console.log(await loadedVariant());
} else if (import.meta.main) {
  const result = await ensureLlamaServer(process.argv[2] ?? "haswell");
  console.log("path" in result ? result.path : result.skipped);
  if (!("path" in result)) process.exitCode = 1;
}
