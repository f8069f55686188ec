import { describe, expect, it } from "vitest";
import { MODEL_CATALOGUE } from "#server/generation/writers/local/catalogue.ts";
import {
  HttpStatusError,
  describeDownloadError,
} from "#server/generation/writers/local/download.ts";
import { FairQueue } from "#server/generation/writers/local/queue.ts";
import {
  DEFAULT_MODEL,
  huggingFaceUrl,
  modelLabel,
  modelSource,
} from "#server/generation/writers/local/source.ts";

describe("LOCAL_MODEL", () => {
  const dataDir = "/srv/data";

  it("takes the catalogue's short names (any case) as well as paths and URIs", () => {
    expect(modelSource("qwen2.5-1.5b", { nodeEnv: "production", dataDir })).toEqual({
      kind: "download",
      url: huggingFaceUrl(MODEL_CATALOGUE["qwen2.5-1.5b"]),
      path: "/srv/data/models/Qwen2.5-1.5B-Instruct-Q4_K_M.gguf",
      name: "Qwen2.5-1.5B-Instruct-Q4_K_M.gguf",
    });
    expect(modelSource(" Qwen3-4B ", { nodeEnv: "production", dataDir })).toMatchObject({
      kind: "download",
      url: "https://huggingface.co/unsloth/Qwen3-4B-Instruct-2507-GGUF/resolve/main/Qwen3-4B-Instruct-2507-Q4_K_M.gguf",
    });
    expect(DEFAULT_MODEL).toBe(MODEL_CATALOGUE["qwen2.5-0.5b"]);
    // A name that is not in the catalogue is a path, as before.
    expect(modelSource("qwen9", { nodeEnv: "production", dataDir })).toMatchObject({
      kind: "file",
      name: "qwen9",
    });
  });

  it("defaults to the open model in development, and to off in production and tests", () => {
    expect(modelSource(undefined, { nodeEnv: "development", dataDir })).toMatchObject({
      kind: "download",
      url: huggingFaceUrl(DEFAULT_MODEL),
      path: "/srv/data/models/Qwen2.5-0.5B-Instruct-Q4_K_M.gguf",
    });
    expect(modelSource(undefined, { nodeEnv: "production", dataDir })).toEqual({ kind: "off" });
    expect(modelSource(undefined, { nodeEnv: "test", dataDir })).toEqual({ kind: "off" });
    expect(modelSource("off", { nodeEnv: "development", dataDir })).toEqual({ kind: "off" });
  });

  it("reads hf: URIs, with an optional revision, as Hugging Face resolve URLs", () => {
    expect(
      huggingFaceUrl("hf:Qwen/Qwen2.5-0.5B-Instruct-GGUF/qwen2.5-0.5b-instruct-q4_k_m.gguf"),
    ).toBe(
      "https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf",
    );
    expect(huggingFaceUrl("hf:owner/repo:v2/sub/dir/model.gguf")).toBe(
      "https://huggingface.co/owner/repo/resolve/v2/sub/dir/model.gguf",
    );
    expect(() => huggingFaceUrl("hf:just-a-name")).toThrow(/hf:<owner>\/<repo>\/<file>\.gguf/);
  });

  it("keeps a downloaded file under DATA_DIR/models with a safe name, and a path as it is", () => {
    const url = modelSource("https://example.com/files/../my%20model?.gguf", {
      nodeEnv: "production",
      dataDir,
    });
    expect(url).toMatchObject({ kind: "download", path: "/srv/data/models/my_model.gguf" });
    expect(modelSource("/models/x.gguf", { nodeEnv: "production", dataDir })).toEqual({
      kind: "file",
      path: "/models/x.gguf",
      name: "x.gguf",
    });
  });

  it("names the model for the badge without its quantisation", () => {
    expect(modelLabel("Qwen2.5-0.5B-Instruct-Q4_K_M.gguf")).toBe("Qwen2.5 0.5B");
    expect(modelLabel("tiny-test.gguf")).toBe("tiny test");
  });
});

describe("FairQueue", () => {
  it("runs up to its concurrency, lines the rest up in order, and turns away past capacity", () => {
    const queue = new FairQueue(1, 2);
    const a = queue.join()!;
    const b = queue.join()!;
    const c = queue.join()!;
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);
    expect(queue.full).toBe(true);
    expect(queue.join()).toBeNull();

    a.leave();
    expect([b.position, c.position]).toEqual([0, 1]);
    expect(queue.full).toBe(false);
  });

  it("closes the gap when someone waiting leaves, and tells the others they moved", async () => {
    const queue = new FairQueue(1, 3);
    const running = queue.join()!;
    const first = queue.join()!;
    const second = queue.join()!;
    const moved = second.moved(new AbortController().signal);
    first.leave();
    await moved;
    expect(second.position).toBe(1);
    running.leave();
    expect(second.position).toBe(0);
    // Leaving twice frees one place only.
    second.leave();
    second.leave();
    expect(queue.join()!.position).toBe(0);
    expect(queue.join()!.position).toBe(1);
  });
});

describe("a failed model download", () => {
  /** What fetch throws: "fetch failed", the system error in its cause. */
  const fetchFailed = (cause: Error) => new TypeError("fetch failed", { cause });
  const systemError = (code: string, message: string) =>
    Object.assign(new Error(message), { code });

  it("names the cause instead of 'fetch failed'", () => {
    expect(
      describeDownloadError(
        fetchFailed(systemError("ENOTFOUND", "getaddrinfo ENOTFOUND huggingface.co")),
      ),
    ).toBe("no network (getaddrinfo ENOTFOUND huggingface.co)");
    expect(
      describeDownloadError(fetchFailed(systemError("EAI_AGAIN", "getaddrinfo EAI_AGAIN x"))),
    ).toBe("no network (getaddrinfo EAI_AGAIN x)");
    // A name with two addresses fails as an AggregateError of both.
    const both = Object.assign(
      new AggregateError([
        systemError("ECONNREFUSED", "connect ECONNREFUSED ::1:443"),
        systemError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:443"),
      ]),
      { code: "ECONNREFUSED" },
    );
    expect(describeDownloadError(fetchFailed(both))).toMatch(/^no network \(/);
    expect(
      describeDownloadError(systemError("ENOSPC", "ENOSPC: no space left on device, write")),
    ).toBe("disk full (ENOSPC: no space left on device, write)");
    expect(
      describeDownloadError(
        new TypeError("terminated", { cause: systemError("UND_ERR_SOCKET", "other side closed") }),
      ),
    ).toBe("the connection was cut (other side closed)");
    expect(describeDownloadError(new HttpStatusError(503, "Service Unavailable"))).toBe(
      "HTTP 503 Service Unavailable",
    );
    expect(describeDownloadError(fetchFailed(new Error("bad port")))).toBe(
      "fetch failed (bad port)",
    );
  });
});
