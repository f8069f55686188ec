/**
 * `node --import ./bench/cpu-variant.ts`: node-llama-cpp in this process runs one CPU
 * variant's kernels, the one the reference llama-server was built with, instead of the
 * one ggml would pick (the best the CPU offers). node-llama-cpp finds its prebuilt binary
 * through `@node-llama-cpp/linux-x64`'s getBinsDir(), and ggml loads the best
 * libggml-cpu-*.so beside the binary: the import is answered with a copy of that folder
 * holding only BENCH_CPU_VARIANT's library (see `variantBins`). Without the variable
 * nothing changes. Bench only: the app never loads this file.
 */
import { registerHooks } from "node:module";

const bins = process.env.BENCH_CPU_VARIANT_BINS;
if (bins) {
  const source = `export function getBinsDir() { return ${JSON.stringify({
    binsDir: bins,
    packageVersion: process.env.BENCH_CPU_VARIANT_VERSION,
  })}; }`;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier !== "@node-llama-cpp/linux-x64") return nextResolve(specifier, context);
      return {
        url: `data:text/javascript,${encodeURIComponent(source)}`,
        shortCircuit: true,
      };
    },
  });
}
