/**
 * The local writer's reference (DESIGN §11): llama.cpp's `llama-server`, what Ollama runs,
 * built once from the llama.cpp source node-llama-cpp ships (a git bundle and its tag in
 * node_modules/node-llama-cpp/llama/) into a cache folder, and run on node-llama-cpp's own
 * compiled libraries (`serverOn`). The build downloads nothing: no curl, no HTTPS, no Web UI
 * assets, no submodules. Where cmake or a C++ compiler is missing the bench says so and
 * skips the reference's rows.
 *
 * `node bench/llama-server.ts` builds it ahead of a bench run (27 minutes on two cores
 * here, with a test suite running beside it).
 */
import { execFile, spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

const NODE_LLAMA_CPP = resolve("node_modules/node-llama-cpp/llama");

/** The llama.cpp release node-llama-cpp was built from ("v0.4.0" is node-llama-cpp's tag). */
export function llamaCppTag(): string {
  const info = JSON.parse(readFileSync(join(NODE_LLAMA_CPP, "llama.cpp.info.json"), "utf8"));
  return String(info.tag);
}

/** ~/.cache/ai-text-generator (or $XDG_CACHE_HOME's). */
function cacheFolder(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "ai-text-generator");
}

/** The folder llama-server is built into: the binary and the libraries of its own. */
function builtFolder(): string {
  return join(cacheFolder(), `llama-server-${llamaCppTag()}`);
}

/**
 * CMake's options for llama-server with no kernels of its own: shared libraries and
 * ggml's backends loaded at start (`GGML_BACKEND_DL`, as node-llama-cpp builds them), so
 * that it runs on node-llama-cpp's own libllama, libggml and CPU variants (`serverOn`).
 */
export function cmakeOptions(): string[] {
  return [
    "-DCMAKE_BUILD_TYPE=Release",
    "-DBUILD_SHARED_LIBS=ON",
    "-DGGML_BACKEND_DL=ON",
    "-DGGML_CPU=OFF",
    "-DGGML_NATIVE=OFF",
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
 * The folder llama-server was built into, built on first use; or why there is none
 * (`{ skipped }`), which the bench reports in place of the reference's rows.
 */
export async function ensureLlamaServer(): Promise<{ folder: string } | { skipped: string }> {
  const folder = builtFolder();
  if (existsSync(join(folder, "llama-server"))) return { folder };
  const missing = await missingTools();
  if (missing) return { skipped: `llama-server not built: ${missing}` };
  const tag = llamaCppTag();
  const source = join(cacheFolder(), `llama.cpp-src-${tag}`);
  const build = join(cacheFolder(), `llama-server-build-${tag}`);
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
    console.log(`building llama-server (${tag}) into ${folder}…`);
    const started = performance.now();
    await step("cmake", ["-S", source, "-B", build, ...cmakeOptions()], source);
    await step("cmake", ["--build", build, "--target", "llama-server", "-j2"], source);
    rmSync(folder, { recursive: true, force: true });
    renameSync(join(build, "bin"), folder);
    rmSync(build, { recursive: true, force: true });
    console.log(`built llama-server in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
    return { folder };
  } catch (error) {
    return { skipped: `llama-server not built: ${(error as Error).message}` };
  }
}

/**
 * node-llama-cpp's libraries under the names llama-server's build gave its own: each of
 * `libllama.so*`, `libggml.so*` and `libggml-base.so*` (the names the binary asks the loader
 * for) answered by node-llama-cpp's file of that library.
 */
export function libraryStandIns(built: string[], bins: string[]): Record<string, string> {
  const theirs = (library: string) => {
    const file = bins.find((name) => name.startsWith(`${library}.`) && name.endsWith(".so"));
    if (!file) throw new Error(`node-llama-cpp ships no ${library}`);
    return file;
  };
  const standIns: Record<string, string> = {};
  for (const name of built) {
    const library = /^(libllama|libggml|libggml-base)\.so/.exec(name)?.[1];
    if (library) standIns[name] = theirs(library);
  }
  return standIns;
}

/**
 * A folder to run llama-server from on node-llama-cpp's own libraries and CPU variants,
 * those of `bins` (its prebuilt folder, or a copy holding one variant): the same compiled
 * kernels and llama.cpp as the app, so the two differ only in what runs around them. It
 * holds a copy of the binary (ggml looks for its CPU variants beside the executable's real
 * path), the build's other libraries (mtmd), and links to `bins`' files under the names
 * the binary was linked with. Run it with `LD_LIBRARY_PATH` set to the folder.
 */
export function serverOn(built: string, bins: string, name: string): string {
  const folder = join(cacheFolder(), `llama-server-${llamaCppTag()}-on-${name}`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const ours = readdirSync(built);
  const theirs = readdirSync(bins);
  const standIns = libraryStandIns(ours, theirs);
  for (const file of ours) {
    const to = join(folder, file);
    if (file in standIns) symlinkSync(join(bins, standIns[file]!), to);
    // The build's own version links (libmtmd.so.0 → libmtmd.so.0.4.0) stay links.
    else if (lstatSync(join(built, file)).isSymbolicLink())
      symlinkSync(readlinkSync(join(built, file)), to);
    else copyFileSync(join(built, file), to);
  }
  for (const file of theirs) {
    if (file.endsWith(".so") && !existsSync(join(folder, file)))
      symlinkSync(join(bins, file), join(folder, file));
  }
  return folder;
}

/** node-llama-cpp's prebuilt binaries for this machine (linux-x64 only). */
const PREBUILT = resolve("node_modules/@node-llama-cpp/linux-x64");

/** The folder of node-llama-cpp's libraries as shipped, every CPU variant in it. */
export const SHIPPED_BINS = join(PREBUILT, "bins", "linux-x64");

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
  const result = await ensureLlamaServer();
  console.log("folder" in result ? result.folder : result.skipped);
  if (!("folder" in result)) process.exitCode = 1;
}
