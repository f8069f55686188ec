import type { MailService } from "@sendgrid/mail";
import { desc } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { getConfig } from "#server/config.ts";
import type { Database } from "#server/db/index.ts";
import { devOutbox } from "#server/db/schema.ts";
import { getLogger } from "#server/logger.ts";
import { mailboxTag } from "#server/email/mailbox.ts";
import type { EmailMessage } from "./templates.ts";

export type SendResult = { ok: true } | { ok: false };

let mailService: Promise<MailService> | undefined;
let smtpTransport: Promise<Transporter> | undefined;

/** How mail leaves: SMTP_URL wins over SENDGRID_API_KEY; with neither, the dev outbox. */
export type MailRoute = "smtp" | "sendgrid" | "dev-outbox";

export function mailRoute(): MailRoute {
  const config = getConfig();
  if (config.SMTP_URL) return "smtp";
  if (config.SENDGRID_API_KEY) return "sendgrid";
  return "dev-outbox";
}

/**
 * nodemailer's SMTP transport for SMTP_URL, made once: a connection per message (a few
 * mails an hour need no pool), STARTTLS when the server offers it, and time-outs as short
 * as SendGrid's so that a dead server fails a send instead of holding it.
 */
async function smtp(): Promise<Transporter> {
  const config = getConfig();
  smtpTransport ??= import("nodemailer").then(({ default: nodemailer }) =>
    nodemailer.createTransport({
      url: config.SMTP_URL!,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 10_000,
    }),
  );
  return smtpTransport;
}

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

/** Whether messages go to the dev outbox instead of out (DESIGN §6). */
export function usesDevOutbox(): boolean {
  return mailRoute() === "dev-outbox";
}

/**
 * Sends through SMTP_URL's server or SendGrid (decision 091), otherwise keeps the message
 * in the dev outbox and logs its link. A failed send is logged without the message body
 * (it holds the token) or the address, and reported as `{ ok: false }`.
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
  const mail = {
    to: message.to,
    from: config.MAIL_FROM,
    subject: message.subject,
    text: message.text,
    html: message.html,
  };
  const route = mailRoute();
  try {
    if (route === "smtp") await (await smtp()).sendMail(mail);
    else await (await sendGrid()).send(mail);
    return { ok: true };
  } catch (error) {
    // SendGrid's HTTP status; SMTP's reply code (550…) or, before any reply, the error's
    // code (ECONNREFUSED, EAUTH…).
    const failure = error as { code?: number | string; responseCode?: number };
    const status = route === "smtp" ? (failure.responseCode ?? failure.code) : failure.code;
    // The recipient as a tag: error logs hold no addresses.
    const recipient = await mailboxTag(db, message.to).catch(() => null);
    log.error({ recipient, subject: message.subject, via: route, status }, "email send failed");
    return { ok: false };
  }
}

export async function listOutbox(db: Database, limit = 50) {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt)).limit(limit);
}
