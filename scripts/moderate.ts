/**
 * `npm run moderate -- list | approve <id> | reject <id>`: moderates feedback through the
 * running server's moderation API (an embedded database has one owner, the server).
 * Needs MODERATION_TOKEN (as set on the server) and MODERATION_URL (default
 * http://localhost:4321).
 */
const [command, id] = process.argv.slice(2);
const base = (process.env.MODERATION_URL ?? "http://localhost:4321").replace(/\/+$/, "");
const token = process.env.MODERATION_TOKEN;

/** Submissions are shown as plain text: control characters (terminal escapes) are dropped. */
function plain(value: unknown): string {
  return String(value ?? "").replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
}

function usage(): never {
  console.error("usage: npm run moderate -- list | approve <id> | reject <id>");
  process.exit(2);
}

if (!token) {
  console.error("MODERATION_TOKEN is not set (use the value the server was started with).");
  process.exit(2);
}

async function call(path: string, init: RequestInit = {}): Promise<Record<string, any>> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      ...init.headers,
    },
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, any>;
  if (!response.ok) {
    console.error(`${response.status}: ${plain(body.message ?? response.statusText)}`);
    process.exit(1);
  }
  return body;
}

if (command === "list") {
  const { testimonials } = await call("/api/moderation/testimonials");
  if (testimonials.length === 0) console.log("No pending submissions.");
  for (const t of testimonials) {
    console.log(
      `${t.id}  ${"★".repeat(t.rating)}${"☆".repeat(5 - t.rating)}  ${plain(t.createdAt)}`,
    );
    console.log(`  ${plain(t.name)}${t.profession ? `, ${plain(t.profession)}` : ""}`);
    console.log(`  ${plain(t.content).replace(/\n/g, "\n  ")}\n`);
  }
} else if ((command === "approve" || command === "reject") && id) {
  const { message } = await call(`/api/moderation/testimonials/${encodeURIComponent(id)}`, {
    method: "POST",
    body: JSON.stringify({ action: command }),
  });
  console.log(plain(message));
} else {
  usage();
}
export {};
