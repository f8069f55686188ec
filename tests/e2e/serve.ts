/**
 * Starts the built server for Playwright on a data directory emptied first, with an
 * OpenAI-compatible writer on a loopback port (the real provider code, a fake server) whose
 * answer follows the request: a heading from the subject and about as many words as the
 * requested length, streamed at a pace that leaves time to press Stop. The last line is a
 * digest of the whole request (messages, temperature, seed), so two requests that differ
 * in anything, a Regenerate's variant included, get different texts. AD_VAST_URL names a
 * loopback ad server speaking VAST (tests/fakes/vast.ts).
 */
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { startChatFake, type ChatRequest } from "../fakes/chat-completions.ts";
import { startVastFake } from "../fakes/vast.ts";

rmSync(process.env.DATA_DIR ?? ".test-data/e2e", { recursive: true, force: true });

/** A letter's sign-off on lines of its own, as letters and e-mails end (issue 14). */
const SIGNED_OFF =
  "Dear team,\n\nThe quarterly report is ready for review.\n\nBest regards,\nMaria\nHead of Operations\n";

/** A 14 KB table, streamed cell by cell: the page must stay responsive while it arrives. */
function bigTable(): string {
  const header = `| ${Array.from({ length: 8 }, (_, i) => `Column ${i + 1}`).join(" | ")} |`;
  const rule = `|${" --- |".repeat(8)}`;
  const rows = Array.from(
    { length: 200 },
    (_, row) => `| ${Array.from({ length: 8 }, (_, cell) => `r${row}c${cell}`).join(" | ")} |`,
  );
  return `# Big table\n\n${[header, rule, ...rows].join("\n")}\n`;
}

/**
 * "Fix grammar" (a passage, a whole text or the Fix grammar tool, issue 26) corrects known
 * mistakes, so that its changes are known: three replacements, an insertion and a deletion.
 */
function fixedGrammar(text: string): string {
  return text
    .replace(/\bteh\b/g, "the")
    .replace(/\bdont\b/g, "don't")
    .replace(/\brecieve\b/g, "receive")
    .replace(/\breport we\b/g, "report that we")
    .replace(/\bvery very\b/g, "very");
}

function answer(body: ChatRequest["body"]): string {
  const system = body.messages.find((message) => message.role === "system")?.content ?? "";
  const user = body.messages.find((message) => message.role === "user")?.content ?? "{}";
  // A refinement sends the text to rework instead of a request: its title shows it was read.
  const {
    subject: asked,
    text,
    voice,
  } = JSON.parse(user) as { subject?: string; text?: string; voice?: { style?: string } };
  // A passage change (issue 43) answers with the new passage only: it names what it replaced.
  // Of a text a writer wrote, it is the conversation's next turn (issue 26): its last user
  // message has the change on its first line and the passage after it; otherwise one
  // message has the text around it.
  const last = body.messages.at(-1)!;
  const [task = "", ...passageLines] = last.content.split("\n");
  const followUp =
    body.messages.length > 2
      ? { passage: passageLines.join("\n"), instruction: /as asked: (.*)$/.exec(task)?.[1] }
      : null;
  const change = followUp
    ? { before: "", ...followUp }
    : (JSON.parse(user) as { before?: string; passage?: string; instruction?: string });
  const { fields } = JSON.parse(user) as { fields?: { text?: string } };
  if (/grammar/i.test(followUp ? task : system)) {
    const own = change.before !== undefined ? change.passage : (fields?.text ?? text);
    if (own !== undefined) return fixedGrammar(own);
  }
  if (change.before !== undefined) {
    const from = (change.passage ?? "")
      .split(/\s+/)
      .slice(0, 3)
      .join(" ")
      .replace(/[.!?]$/, "");
    const continues = followUp
      ? /^(Continue|Write what)/.test(task)
      : /Continue the text/.test(system + user);
    if (continues) return "And a new sentence follows on from here.";
    return change.instruction
      ? `Changed as asked (${change.instruction}): ${from}.`
      : `Rewritten: ${from}.`;
  }
  if (/sign-off/i.test(user)) return SIGNED_OFF;
  if (/big table/i.test(user)) return bigTable();
  const subject =
    asked ?? (text ? `Revised: ${text.split("\n")[0]!.replace(/^#\s*/, "")}` : undefined);
  const words = Number(/about (\d+) words/.exec(system)?.[1] ?? 120);
  const sentence = `This part of the text is about ${subject ?? "your request"}.`;
  const perSentence = sentence.split(" ").length;
  const body_ = Array.from({ length: Math.ceil(words / perSentence) }, () => sentence);
  const digest = createHash("sha256").update(JSON.stringify(body)).digest("hex").slice(0, 12);
  // A saved voice (issue 42) travels as data: the text says it was read.
  const voiced = voice?.style ? `\n\nWritten as you write: ${voice.style}` : "";
  return `# ${subject}\n\n${body_.join(" ")}${voiced}\n\nReference ${digest}.\n`;
}

/**
 * 5 ms a word; a long story (the desk test that presses Stop mid-text) 10 ms, ~7 s in all:
 * at 5 ms it was over before a busy CI machine's browser had pressed Stop.
 */
function wordDelay(body: ChatRequest["body"]): number {
  const system = body.messages.find((message) => message.role === "system")?.content ?? "";
  const user = body.messages.find((message) => message.role === "user")?.content ?? "";
  // Over 3,000 pieces: as fast as the fake can send them.
  if (/big table/i.test(user)) return 0;
  return /short story/.test(system) && /about 700 words/.test(system) ? 10 : 5;
}

/** A request that says so loses its writer after 20 words, as a dropped connection would. */
function cutAfterWords(body: ChatRequest["body"]): number | null {
  const user = body.messages.find((message) => message.role === "user")?.content ?? "";
  return /writer drops/i.test(user) ? 20 : null;
}

/** A request that says so waits 10 s for its first word: time to press Stop before it. */
function startDelay(body: ChatRequest["body"]): number | null {
  const user = body.messages.find((message) => message.role === "user")?.content ?? "";
  return /takes its time/i.test(user) ? 10_000 : null;
}

const writer = await startChatFake({
  text: answer,
  model: "e2e-writer",
  wordDelayMs: wordDelay,
  cutAfterWords,
  startDelayMs: startDelay,
});
process.env.OPENAI_COMPAT_BASE_URL = `${writer.url}/v1`;
// The credits page's ad card asks a loopback ad server first; it answers an ad only to a
// browser whose User-Agent asks for one (tests/e2e/ads.spec.ts), no ad to the rest.
const adServer = await startVastFake();
process.env.AD_VAST_URL = adServer.tagUrl;
// The bundle that `npm run build` wrote, as `npm start` runs it.
await import(pathToFileURL(resolve("dist/server/main.mjs")).href);
