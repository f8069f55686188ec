/**
 * `npm run model:pull`: downloads the local writer's model ahead of time (LOCAL_MODEL, or
 * the default model when unset) into DATA_DIR/models, so that the first start needs no
 * download. A failed attempt is retried with a growing wait, resuming from the bytes
 * already on disk; a download that gives up ends with one line naming the cause and exit
 * code 1 (docs/decisions/070).
 *
 *   npm run model:pull [-- --attempts 6 --retry-delay-ms 2000]
 */
import { getConfig } from "#server/config.ts";
import {
  DownloadRefused,
  HttpStatusError,
  downloadModel,
} from "#server/generation/writers/local/download.ts";
import { DEFAULT_MODEL, modelSource } from "#server/generation/writers/local/source.ts";
import { existsSync, statSync } from "node:fs";
import { parseArgs } from "node:util";

function count(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < min) {
    console.error(`--${name} must be a whole number of at least ${min}, not "${value}".`);
    process.exit(2);
  }
  return number;
}

let args;
try {
  args = parseArgs({
    options: { attempts: { type: "string" }, "retry-delay-ms": { type: "string" } },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}. Options: --attempts N, --retry-delay-ms N.`);
  process.exit(2);
}
const attempts = count("attempts", args.attempts, 6, 1);
const retryDelayMs = count("retry-delay-ms", args["retry-delay-ms"], 2_000, 0);

const config = getConfig();
const source = modelSource(config.LOCAL_MODEL ?? DEFAULT_MODEL, {
  nodeEnv: config.NODE_ENV,
  dataDir: config.dataDir,
});

if (source.kind === "off") {
  console.log("LOCAL_MODEL=off: there is no model to download.");
} else if (source.kind === "file") {
  console.log(
    existsSync(source.path)
      ? `LOCAL_MODEL is a file on this machine: ${source.path}`
      : `LOCAL_MODEL names ${source.path}, which does not exist.`,
  );
  process.exitCode = existsSync(source.path) ? 0 : 1;
} else if (existsSync(source.path)) {
  console.log(`Already downloaded: ${source.path}`);
} else {
  console.log(`Downloading ${source.url}\n into ${source.path}`);
  // On a terminal the progress rewrites one line; elsewhere (a build log) it is a line a tenth.
  const terminal = process.stdout.isTTY;
  let shown = -1;
  let midLine = false;
  const endLine = () => {
    if (midLine) process.stdout.write("\n");
    midLine = false;
  };
  let tried = 1;
  // What an earlier attempt left on disk: only then is the next one a resumption.
  const partBytes = () => {
    try {
      return statSync(`${source.path}.part`).size;
    } catch {
      return 0;
    }
  };
  try {
    await downloadModel(source.url, source.path, {
      attempts,
      retryDelayMs,
      onProgress: ({ received, total }) => {
        const percent = total ? Math.floor((received / total) * 100) : -1;
        const step = terminal ? percent : Math.floor(percent / 10) * 10;
        if (step === shown) return;
        shown = step;
        const line = `${percent >= 0 ? `${percent} %, ` : ""}${(received / 1e6).toFixed(0)} MB`;
        if (terminal) {
          process.stdout.write(`\r${line}`);
          midLine = true;
        } else {
          console.log(line);
        }
      },
      onRetry: ({ attempt, reason, delayMs }) => {
        endLine();
        tried = attempt + 1;
        shown = -1;
        const kept = partBytes();
        console.log(
          `Attempt ${attempt} of ${attempts} failed: ${reason}; trying again in ${(delayMs / 1000).toFixed(1)} s${kept > 0 ? `, resuming after the ${kept} bytes on disk` : ""}.`,
        );
      },
    });
    endLine();
    console.log(`Done: ${source.path}`);
  } catch (error) {
    endLine();
    const reason = (error as Error).message;
    const cause = (error as Error).cause;
    // A missing or forbidden file will not appear by asking again.
    const lasting = cause instanceof HttpStatusError && !cause.transient;
    console.error(
      error instanceof DownloadRefused
        ? `The download was refused: ${reason}. The file was deleted; check LOCAL_MODEL.`
        : `The download failed after ${tried} ${tried === 1 ? "attempt" : "attempts"}: ${reason}. ${lasting ? "Check LOCAL_MODEL." : `Run \`npm run model:pull\` again${partBytes() > 0 ? " to resume" : ""}.`}`,
    );
    process.exitCode = 1;
  }
}
