import type { MailService } from "@sendgrid/mail";
import { desc } from "drizzle-orm";
import { getConfig } from "#server/config.ts";
import type { Database } from "#server/db/index.ts";
import { devOutbox } from "#server/db/schema.ts";
import { getLogger } from "#server/logger.ts";
import type { EmailMessage } from "./templates.ts";

export type SendResult = { ok: true } | { ok: false };

let mailService: Promise<MailService> | undefined;

/** SendGrid's own client and mail service, set up once (both packages export singletons). */
async function sendGrid(): Promise<MailService> {
  const config = getConfig();
  mailService ??= Promise.all([import("@sendgrid/mail"), import("@sendgrid/client")]).then(
    ([{ default: mail }, { default: client }]) => {
      client.setApiKey(config.SENDGRID_API_KEY!);
      // setApiKey picks the region's host; ours may point elsewhere (a test's fake).
      client.setDefaultRequest("baseUrl", config.SENDGRID_API_URL);
      mail.setClient(client);
      mail.setTimeout(10_000);
      return mail;
    },
  );
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
