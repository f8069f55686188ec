/**
 * `npm run model:pull`: downloads the local writer's model ahead of time (LOCAL_MODEL, or
 * the default model when unset) into DATA_DIR/models, so that the first start needs no
 * download. Resumes a download that was cut.
 */
import { getConfig } from "#server/config.ts";
import { downloadModel } from "#server/generation/writers/local/download.ts";
import { DEFAULT_MODEL, modelSource } from "#server/generation/writers/local/source.ts";
import { existsSync } from "node:fs";

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
  let lastPercent = -1;
  try {
    await downloadModel(source.url, source.path, {
      onProgress: ({ received, total }) => {
        const percent = total ? Math.floor((received / total) * 100) : -1;
        if (percent !== lastPercent) {
          lastPercent = percent;
          const megabytes = (received / 1e6).toFixed(0);
          process.stdout.write(`\r${percent >= 0 ? `${percent} %, ` : ""}${megabytes} MB`);
        }
      },
    });
    console.log(`\nDone: ${source.path}`);
  } catch (error) {
    console.error(`\nThe download failed: ${(error as Error).message}. Run it again to resume.`);
    process.exitCode = 1;
  }
}
