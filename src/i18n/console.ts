import { storedLanguage } from "#client/chosen-language.ts";
import { catalog } from "./catalog.ts";
import { consoleTr } from "./console.tr.ts";

/**
 * The operator console's words (DESIGN §7b), in English and Turkish: like the rest of the
 * interface it follows the chosen language (DESIGN §7). Its islands render in the browser
 * only, where the choice is known; the page's own headings are worded by `initPageWords`.
 */
const consoleEn = {
  title: "Console",
  intro: "Figures, accounts and moderation for whoever runs this site. Every action is recorded.",
  sections: "Console sections",
  loading: "Loading…",
  loadFailed: "Could not load this part of the console.",
  retry: "Try again",
  refresh: "Refresh",

  "overview.heading": "Overview",
  "overview.asOf": "As of {time} (UTC days and weeks).",
  "overview.accounts": "Accounts",
  "overview.accounts.total": "Total",
  "overview.accounts.verified": "Verified",
  "overview.accounts.new": "New in 7 days",
  "overview.guests": "Guests",
  "overview.guests.total": "Total",
  "overview.guests.new": "New in 7 days",
  "overview.guests.registered": "Went on to register",
  "overview.guests.texts": "Their texts",
  "overview.guests.textsNew": "Their texts in 7 days",
  "overview.texts": "Texts in 30 days",
  "overview.texts.total": "Written",
  "overview.texts.failures": "Failed",
  "overview.texts.refunds": "Refunds",
  "overview.chart.texts": "Texts per day, by writer",
  "overview.chart.texts.summary":
    "Line chart of texts per day over the last 30 days, one line per writer: {totals}.",
  "overview.chart.failures": "Failures and refunds per day",
  "overview.chart.failures.summary":
    "Line chart of failed texts and refunds per day over the last 30 days: {failures} failures, {refunds} refunds in all.",
  "overview.chart.credits": "Credits per week",
  "overview.chart.credits.summary":
    "Line chart of credits per week over the last 12 weeks: {granted} granted, {spent} spent, {ads} earned from ads, {takenBack} taken back in all.",
  "overview.chart.table": "Show the figures",
  "overview.day": "Day",
  "overview.week": "Week of",
  "overview.failures": "Failures",
  "overview.refunds": "Refunds",
  "overview.refundedCredits": "Credits refunded",
  "overview.granted": "Granted",
  "overview.spent": "Spent",
  "overview.ads": "Earned from ads",
  "overview.takenBack": "Taken back",
  "writer.mistral-ai": "Mistral",
  "writer.localai": "OpenAI-compatible",
  "writer.llama": "Local model",
  "writer.local": "Template draft",
  "writer.stopped": "Stopped",
  "writer.other": "Other",
  "writers.heading": "Writers",
  "writers.next": "The next text is written by",
  "writers.next.template": "template drafts (no AI writer is ready)",
  "writers.local": "Local model",
  "writers.local.off": "Off",
  "writers.local.downloading": "Downloading {model}: {percent} ({size}, about {left} min left)",
  "writers.local.retrying": "Downloading {model}: {reason}; trying again at {time}",
  "writers.local.loading": "Loading {model}",
  "writers.local.ready": "Ready: {model}",
  "writers.local.failed": "Failed: {model} ({reason})",
  "writers.local.tooSmall":
    "Refused: {model}'s context holds {contextTokens} tokens; our longest instructions and length need {neededTokens}",
  "writers.queue": "Queue",
  "writers.queue.value": "{running} writing of {concurrency}, {waiting} waiting of {capacity}",
  "writers.speed": "Speed of the last texts",
  "writers.speed.none": "No text written by the local model since this instance started.",
  "writers.speed.value": "{tokensPerSecond} tokens/s ({tokens} tokens)",
  "writers.instance": "Queue and speed are this server instance's.",

  "ads.heading": "Ads",
  "ads.none": "No ad figures yet.",
  "ads.ad": "Ad",
  "ads.impressions": "Impressions",
  "ads.completions": "Completions",
  "ads.clicks": "Clicks",

  "accounts.heading": "Accounts",
  "accounts.search": "E-mail address starts with",
  "accounts.search.submit": "Find",
  "accounts.none": "No account's address starts so.",
  "accounts.results": "Accounts found",
  "accounts.verified": "Verified",
  "accounts.unverified": "Not verified",
  "accounts.credits": "{credits} credits",
  "account.balance": "Balance",
  "account.ledger": "Ledger sum",
  "account.voices": "Saved voices",
  "account.status": "Status",
  "account.joined": "Joined",
  "account.adjust": "Grant or take back credits",
  "account.adjust.grant": "Grant",
  "account.adjust.takeBack": "Take back",
  "account.adjust.amount": "Credits",
  "account.adjust.reason": "Reason",
  "account.adjust.reasonHint": "Recorded in the audit with your address.",
  "account.adjust.submit": "Apply",
  "account.adjust.amountError": "Type a whole number of credits above zero.",
  "account.adjust.done": "{credits} credits {verb}. The balance is now {balance}.",
  "account.adjust.granted": "granted",
  "account.adjust.takenBack": "taken back",
  "account.verification": "Verification",
  "account.resend": "Resend verification e-mail",
  "account.verify": "Verify by hand",
  "account.delete": "Delete account",
  "account.delete.confirm": "Type the account's e-mail address to delete it",
  "account.delete.submit": "Delete for good",
  "account.deleted": "The account {email} has been deleted.",
  "account.activity": "Credit activity",
  "account.activity.none": "No credit activity.",
  "account.activity.what": "What",
  "account.activity.credits": "Credits",
  "account.activity.when": "When",
  "account.texts": "Texts",
  "account.texts.none": "No texts.",
  "account.texts.note": "What a text says stays closed until you open it; opening one is recorded.",
  "account.texts.type": "Type",
  "account.texts.language": "Language",
  "account.texts.date": "Date",
  "account.texts.writer": "Writer",
  "account.texts.length": "Length",
  "account.texts.words": "Words",
  "account.texts.status": "Status",
  "textStatus.pending": "Being written",
  "textStatus.done": "Written",
  "textStatus.failed": "Failed",
  "account.texts.open": "Open text",
  "account.texts.openLabel": "Open the {type} of {date}",
  "account.text.heading": "Opened text",
  "account.text.subject": "Subject",
  "account.text.prompt": "Request",
  "account.text.close": "Close the text",

  "testimonials.heading": "Testimonials to review",
  "testimonials.none": "No submission is waiting.",
  "testimonials.sender": "Sender (address hash) {sender}",
  "testimonials.rating": "{rating} out of 5 stars",
  "testimonials.approve": "Approve",
  "testimonials.reject": "Reject",
  "testimonials.approveLabel": "Approve the testimonial of {name}",
  "testimonials.rejectLabel": "Reject the testimonial of {name}",
  "testimonials.done.approve": "Approved: it shows on the home page.",
  "testimonials.done.reject": "Rejected.",

  "audit.heading": "Audit",
  "audit.none": "No operator action yet.",
  "audit.when": "When",
  "audit.operator": "Operator",
  "audit.action": "Action",
  "audit.account": "Account",
  "audit.detail": "Detail",
  "audit.newer": "Newer",
  "audit.older": "Older",
  "audit.text": "Text: {subject}",
  "audit.testimonial": "Testimonial from {name}",
  "audit.credits": "{credits} credits",
  "audit.reason": "Reason: {reason}",
  "audit.balanceAfter": "Balance after: {balance}",
  "reason.signup_grant": "Welcome credits",
  "reason.verification_top_up": "Email verified",
  "reason.weekly_grant": "Weekly credits",
  "reason.guest_trial": "Free trial",
  "reason.generation": "Text generated",
  "reason.refund": "Refund",
  "reason.ad_reward": "Ad watched",
  "reason.operator_grant": "Granted by an operator",
  "reason.operator_take_back": "Taken back by an operator",
  "action.grant_credits": "Granted credits",
  "action.take_back_credits": "Took back credits",
  "action.resend_verification": "Resent verification",
  "action.verify_account": "Verified by hand",
  "action.delete_account": "Deleted account",
  "action.open_text": "Opened a text",
  "action.approve_testimonial": "Approved a testimonial",
  "action.reject_testimonial": "Rejected a testimonial",
  "action.take_down_share": "Took down a share link",
  "action.change_plan": "Changed the plan's numbers",
  "action.create_plan": "Made a named plan",
  "action.set_account_plan": "Set an account's plan",
  "action.set_domain_plan": "Set a domain's plan",
  "signup.heading": "Sign-up",
  "action.set_signup_rules": "Set the sign-up rule",
  "action.create_invite": "Made an invite",
  "action.revoke_invite": "Revoked an invite",
  "shares.heading": "Share links",
} as const;

export type ConsoleTextKey = keyof typeof consoleEn;

export const consoleWords = catalog(consoleEn, consoleTr);

/** The console's dates and numbers follow the interface language too. */
export function consoleLocale(): string {
  return storedLanguage() === "turkish" ? "tr-TR" : "en-US";
}

/**
 * Values for a console message, numbers as counted ("1500", "12.3456"): the console shows
 * figures as the server has them, not as the language writes them.
 */
export function figures(values: Readonly<Record<string, string | number>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
}

/** A label from a key built at run time (a writer's id, an action), or the raw value. */
export function consoleLabel(
  t: (key: ConsoleTextKey) => string,
  prefix: "writer" | "action" | "reason" | "textStatus",
  value: string,
): string {
  const key = `${prefix}.${value}`;
  return consoleWords.has(key) ? t(key) : value;
}
