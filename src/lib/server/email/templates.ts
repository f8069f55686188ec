import { SITE_NAME } from "#shared/site.ts";
import { escapeHtml } from "#server/escape-html.ts";

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

interface EmailAction {
  label: string;
  url: string;
}

function layout(title: string, paragraphs: string[], actions: EmailAction[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const buttons = actions
    .map(
      (action) =>
        `<a href="${escapeHtml(action.url)}" style="display:inline-block;margin:0 8px 8px 0;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a>`,
    )
    .join("");
  const addresses = actions
    .map((action) => `<a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a>`)
    .join("<br>");
  const copyHint =
    actions.length === 1
      ? "If the button does not work, copy this address into your browser:"
      : "If the buttons do not work, copy these addresses into your browser:";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0">${buttons}</p>
<p style="margin:0;font-size:13px;color:#475569">${copyHint}<br>${addresses}</p>
</div><p style="text-align:center;font-size:12px;color:#64748b">${escapeHtml(SITE_NAME)} by STF</p></body></html>`;
}

/**
 * No user-supplied text goes into a message, the account's name included (DESIGN §3):
 * anyone can register any address, so whatever we echo could be a phishing line sent
 * from our domain to a stranger.
 */
const GREETING = "Hello,";

export function verificationEmail(to: string, link: string): EmailMessage {
  const subject = `Verify your email for ${SITE_NAME}`;
  const lines = [
    GREETING,
    `Thanks for signing up. Please confirm your email address to receive your 1000 weekly credits.`,
    `The link works once and expires in 24 hours; accounts that are not verified within 24 hours are deleted.`,
  ];
  return {
    to,
    subject,
    html: layout("Verify your email address", lines, [{ label: "Verify email", url: link }]),
    text: `${lines.join("\n\n")}\n\nVerify your email: ${link}\n`,
  };
}

export function passwordResetEmail(to: string, link: string): EmailMessage {
  const subject = `Reset your ${SITE_NAME} password`;
  const lines = [
    GREETING,
    `We received a request to reset your password. Choose a new one with the link below.`,
    `The link works once and expires in 24 hours. If you did not ask for this, you can ignore this email.`,
  ];
  return {
    to,
    subject,
    html: layout("Reset your password", lines, [{ label: "Reset password", url: link }]),
    text: `${lines.join("\n\n")}\n\nReset your password: ${link}\n`,
  };
}

/**
 * To an address's owner when someone registers it again (DESIGN §3): the answer to that
 * registration says nothing, so the owner hears of it here, with the ways back in.
 */
export function registrationAttemptEmail(
  to: string,
  links: { signIn: string; resetPassword: string },
): EmailMessage {
  const subject = `Someone tried to create a ${SITE_NAME} account with your email`;
  const lines = [
    GREETING,
    `Someone tried to create a new account with this email address, which already has one. No new account was created and nothing was changed.`,
    `If it was you, sign in with your password, or choose a new one if you have forgotten it. If it was not you, you can ignore this email.`,
  ];
  return {
    to,
    subject,
    html: layout("Someone tried to register with your email", lines, [
      { label: "Sign in", url: links.signIn },
      { label: "Reset password", url: links.resetPassword },
    ]),
    text: `${lines.join("\n\n")}\n\nSign in: ${links.signIn}\n\nForgot your password? ${links.resetPassword}\n`,
  };
}
