/**
 * The static page's floor (DESIGN §11): a bare node:http server that sends the same bytes,
 * after reading the whole request body (and parsing it when it is JSON), as ours does. It
 * runs in a process of its own, as ours does: on the bench's thread it shared the event
 * loop with autocannon's 100 connections and read slower than it is.
 *
 * `node bench/bare-server.ts <file> <content-type>` prints its URL once it listens.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const [file, type] = process.argv.slice(2) as [string, string];
const body = readFileSync(file);
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const received = Buffer.concat(chunks).toString("utf8");
    if (received && (req.headers["content-type"] ?? "").includes("json")) JSON.parse(received);
    res.writeHead(200, { "content-type": type, "content-length": body.length });
    res.end(body);
  });
});
server.listen(0, "127.0.0.1", () =>
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
);
