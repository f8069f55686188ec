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
  return String(value ?? "").replace(/[\p{Cc}--[\t\n]]/gv, "");
}

function usage(): never {
  console.error("usage: npm run moderate -- list | approve <id> | reject <id>");
  process.exit(2);
}

if (!token) {
  console.error("MODERATION_TOKEN is not set (use the value the server was started with).");
  process.exit(2);
}

/** A pending submission as the moderation API lists it. */
interface Submission {
  id: string;
  rating: number;
  createdAt: string;
  name: string;
  profession: string | null;
  content: string;
}

async function call<Body>(path: string, init: RequestInit = {}): Promise<Body> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      ...init.headers,
    },
  });
  const body = (await response.json().catch(() => ({}))) as Body & { message?: unknown };
  if (!response.ok) {
    console.error(`${response.status}: ${plain(body.message ?? response.statusText)}`);
    process.exit(1);
  }
  return body;
}

if (command === "list") {
  const { testimonials } = await call<{ testimonials: Submission[] }>(
    "/api/moderation/testimonials",
  );
  if (testimonials.length === 0) console.log("No pending submissions.");
  for (const t of testimonials) {
    console.log(
      `${t.id}  ${"★".repeat(t.rating)}${"☆".repeat(5 - t.rating)}  ${plain(t.createdAt)}`,
    );
    console.log(`  ${plain(t.name)}${t.profession ? `, ${plain(t.profession)}` : ""}`);
    console.log(`  ${plain(t.content).replace(/\n/g, "\n  ")}\n`);
  }
} else if ((command === "approve" || command === "reject") && id) {
  const { message } = await call<{ message: string }>(
    `/api/moderation/testimonials/${encodeURIComponent(id)}`,
    {
      method: "POST",
      body: JSON.stringify({ action: command }),
    },
  );
  console.log(plain(message));
} else {
  usage();
}
export {};
