import { describe, expect, it } from "vitest";
import { cmakeOptions, libraryStandIns } from "../../bench/llama-server.ts";
import {
  largest,
  metricValue,
  middle,
  ratio,
  slowestFirstToken,
  tokensPerSecond,
  within,
  type WriterRun,
} from "../../bench/figures.ts";

/**
 * Issue 23, item 6: the bench's figures can fail. A run where nobody got a first token once
 * passed "every first token ≤ 5 s" on `Math.max()` of nothing (−Infinity).
 */
const run = (overrides: Partial<WriterRun>): WriterRun => ({
  texts: 2,
  firstTokensMs: [400, 900],
  longestPauseMs: 100,
  tokens: 800,
  seconds: 10,
  failures: [],
  promptTokensRead: 200,
  ...overrides,
});

describe("the bench's figures", () => {
  it("has no largest value of nothing, and a row with nothing measured fails", () => {
    expect(largest([])).toBeNull();
    expect(largest([3, 7, 5])).toBe(7);
    expect(largest([3, Number.NaN])).toBeNull();
    expect(within(largest([]), (ms) => ms <= 5_000)).toBe(false);
    expect(within(4_000, (ms) => ms <= 5_000)).toBe(true);
    expect(middle([])).toBeNull();
    expect(middle([3, 1, 2])).toBe(2);
  });

  it("gives no slowest first token when a text got none", () => {
    expect(slowestFirstToken(run({}))).toEqual({ ms: 900 });
    expect(slowestFirstToken(run({ firstTokensMs: [] }))).toEqual({
      missing: "2 of 2 texts got no first token",
    });
    expect(slowestFirstToken(run({ firstTokensMs: [400, undefined] }))).toHaveProperty("missing");
  });

  it("counts a failed answer as no measurement", () => {
    const failed = run({ failures: ["status 503", "status 503", "error event"] });
    expect(slowestFirstToken(failed)).toEqual({
      missing: "3 failed (status 503; error event)",
    });
    expect(tokensPerSecond(failed)).toBeNull();
    expect(tokensPerSecond(run({ tokens: 0 }))).toBeNull();
    expect(tokensPerSecond(run({}))).toBe(80);
  });

  it("has no ratio over a reference that measured nothing", () => {
    expect(ratio(80, 0)).toBeNull();
    expect(ratio(80, null)).toBeNull();
    expect(ratio(null, 80)).toBeNull();
    expect(ratio(80, 40)).toBe(2);
  });

  it("reads unlabelled Prometheus values, llama-server's names included", () => {
    const text = [
      "# HELP aitext_local_writer_steps_total Decodes",
      "aitext_local_writer_steps_total 12",
      "aitext_local_writer_step_tokens_total 90",
      "llamacpp:n_busy_slots_per_decode 7.5",
    ].join("\n");
    expect(metricValue(text, "aitext_local_writer_steps_total")).toBe(12);
    expect(metricValue(text, "aitext_local_writer_step_tokens_total")).toBe(90);
    expect(metricValue(text, "llamacpp:n_busy_slots_per_decode")).toBe(7.5);
    expect(metricValue(text, "aitext_local_writer_step_texts_total")).toBeNull();
  });
});

describe("the llama-server build", () => {
  it("compiles no kernels of its own and downloads nothing", () => {
    const options = cmakeOptions();
    expect(options).toContain("-DGGML_CPU=OFF");
    expect(options).toContain("-DGGML_BACKEND_DL=ON");
    expect(options).toContain("-DBUILD_SHARED_LIBS=ON");
    expect(options).toContain("-DLLAMA_CURL=OFF");
    expect(options).toContain("-DLLAMA_USE_PREBUILT_UI=OFF");
  });

  it("answers the libraries it was linked with by node-llama-cpp's own", () => {
    const built = [
      "llama-server",
      "libllama.so",
      "libllama.so.0",
      "libggml.so.0",
      "libggml-base.so.0.23.0",
      "libmtmd.so.0",
    ];
    const bins = [
      "libggml-base.so",
      "libggml-cpu-haswell.so",
      "libggml.v0.4.0.so",
      "libllama-common.so",
      "libllama.v0.4.0.so",
    ];
    expect(libraryStandIns(built, bins)).toEqual({
      "libllama.so": "libllama.v0.4.0.so",
      "libllama.so.0": "libllama.v0.4.0.so",
      "libggml.so.0": "libggml.v0.4.0.so",
      "libggml-base.so.0.23.0": "libggml-base.so",
    });
    expect(() => libraryStandIns(built, bins.slice(0, 3))).toThrow(/ships no libllama/);
  });
});
