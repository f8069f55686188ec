import type { APIRoute } from "astro";
import { getConfig } from "#server/config.ts";
import { getDb } from "#server/db/index.ts";
import { escapeHtml } from "#server/escape-html.ts";
import { listOutbox, usesDevOutbox } from "#server/email/send.ts";
import {
  hostnameOfHostHeader,
  isLoopbackAddress,
  isLoopbackHostname,
} from "#server/http/addresses.ts";
import { jsonResponse } from "#server/http/api.ts";

export const prerender = false;

/**
 * The dev outbox (DESIGN §6). Its reset links would let anyone take over any account,
 * so it answers only with no way to send mail set, outside production, to a loopback client, and
 * only under a loopback or our own host name: a DNS-rebinding page reaches a loopback
 * server from a loopback client, but under its own host name. Everyone else gets a bare 404.
 */
function isOwnHost(host: string | null): boolean {
  const hostname = hostnameOfHostHeader(host);
  if (hostname === null) return false;
  return isLoopbackHostname(hostname) || hostname === new URL(getConfig().PUBLIC_URL).hostname;
}

export const GET: APIRoute = async ({ locals, request, url }) => {
  const config = getConfig();
  if (
    !usesDevOutbox() ||
    config.isProduction ||
    !isLoopbackAddress(locals.clientAddress) ||
    !isOwnHost(request.headers.get("host"))
  ) {
    // A bare 404, as for any address that does not exist.
    return new Response(null, { status: 404 });
  }
  const messages = (await listOutbox(await getDb())).map((m) => ({
    id: m.id,
    to: m.recipient,
    subject: m.subject,
    text: m.text,
    links: m.text.match(/https?:\/\/\S+/g) ?? [],
    createdAt: m.createdAt.toISOString(),
  }));
  const wantsJson =
    url.searchParams.get("format") === "json" ||
    (request.headers.get("accept") ?? "").includes("application/json");
  if (wantsJson) return jsonResponse({ success: true, messages });

  const items = messages
    .map(
      (
        m,
      ) => `<li><p><strong>${escapeHtml(m.subject)}</strong> to ${escapeHtml(m.to)} at ${escapeHtml(m.createdAt)}</p>
<ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join("")}</ul></li>`,
    )
    .join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Dev outbox</title></head>
<body><main><h1>Dev outbox</h1><p>E-mails kept instead of sent, newest first (neither SMTP_URL nor SENDGRID_API_KEY is set).</p>
${messages.length ? `<ol>${items}</ol>` : "<p>No messages yet.</p>"}</main></body></html>`;
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
};
