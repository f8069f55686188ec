import { desc } from "drizzle-orm";
import { getConfig } from "../config.ts";
import type { Database } from "../db/index.ts";
import { devOutbox } from "../db/schema.ts";
import { getLogger } from "../logger.ts";
import type { EmailMessage } from "./templates.ts";

export type SendResult = { ok: true } | { ok: false };

interface MailServiceLike {
  setApiKey(key: string): void;
  client: { setDefaultRequest(key: string, value: unknown): void };
  send(data: unknown): Promise<unknown>;
}

let mailService: Promise<MailServiceLike> | undefined;

async function sendGrid(): Promise<MailServiceLike> {
  const config = getConfig();
  mailService ??= import("@sendgrid/mail").then((mod) => {
    const MailService = (mod as unknown as { MailService: new () => MailServiceLike }).MailService;
    const service = new MailService();
    service.setApiKey(config.SENDGRID_API_KEY!);
    // setApiKey picks the region's host; ours may point elsewhere (a test's fake).
    service.client.setDefaultRequest("baseUrl", config.SENDGRID_API_URL);
    service.client.setDefaultRequest("timeout", 10_000);
    return service;
  });
  return mailService;
}

/** Whether messages go to the dev outbox instead of SendGrid (DESIGN §6). */
export function usesDevOutbox(): boolean {
  return !getConfig().SENDGRID_API_KEY;
}

/**
 * Sends through SendGrid when a key is set, otherwise keeps the message in the dev
 * outbox and logs its link. A failed send is logged without the message body (it holds
 * the token) and reported as `{ ok: false }`.
 */
export async function sendEmail(
  db: Database,
  message: EmailMessage,
  link: string,
): Promise<SendResult> {
  const config = getConfig();
  const log = getLogger();
  if (usesDevOutbox()) {
    await db.insert(devOutbox).values({
      recipient: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
    });
    if (!config.isProduction)
      log.info({ to: message.to, subject: message.subject, link }, "dev outbox");
    return { ok: true };
  }
  try {
    const service = await sendGrid();
    await service.send({
      to: message.to,
      from: config.MAIL_FROM,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    return { ok: true };
  } catch (error) {
    const status = (error as { code?: number }).code;
    log.error({ to: message.to, subject: message.subject, status }, "email send failed");
    return { ok: false };
  }
}

export async function listOutbox(db: Database, limit = 50) {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt)).limit(limit);
}
