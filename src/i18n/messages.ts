import { daysUntilReset, usageRights } from "#shared/credits.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import { FAILURES, isFailureReason, type FailureReason } from "#shared/failures.ts";
import { TESTIMONIAL_THANKS } from "#shared/testimonials.ts";
import { formatNumber } from "#shared/format.ts";
import { LANGUAGES, languageTag } from "#shared/generation.ts";
import { brandBadge } from "#shared/models.ts";
import { frameEn } from "./frame.ts";

/** `failure.<reason>`: each shared failure's English, as the server answers it. */
const failureMessages = Object.fromEntries(
  Object.entries(FAILURES).map(([reason, text]) => [`failure.${reason}`, text]),
) as { readonly [R in FailureReason as `failure.${R}`]: (typeof FAILURES)[R] };

/**
 * The message catalog (DESIGN §7): every string the interface shows, in English here and in
 * Turkish in `tr.ts`. The interface is Turkish when Turkish is the selected output language, English
 * otherwise. Keys ending in `.one` / `.other` are the two plural forms of one message.
 * `failure.<reason>` are the English messages the server also answers with, each under
 * the failure's reason (src/lib/shared/failures.ts), so that the client words failures by key.
 */
const en = {
  ...frameEn,

  "common.loading": "Loading...",
  "common.close": "Close",
  "common.cancel": "Cancel",
  "common.error": "Error",
  "common.notification": "Notification",
  "common.notifications": "Notifications ({hotkey})",

  "creditDialog.guest.title": "Your free trial has ended",
  "creditDialog.guest.body":
    "You have used your free trial. Create an account to keep writing: registered users get 1000 credits every week.",
  "creditDialog.guest.register": "Create Account",
  "creditDialog.guest.login": "Log In",
  "creditDialog.user.title": "Weekly limit reached",
  "creditDialog.user.body":
    "You have used this week's credits. They renew every Monday morning. You can also earn extra credits by watching short ads.",
  "creditDialog.user.bodyNoAds":
    "You have used this week's credits and today's ads. Your credits renew every Monday morning.",
  "creditDialog.user.ok": "OK",
  "creditDialog.user.earn": "Earn credits",
  "creditDialog.unverified.title": "Verify your email to keep writing",
  "creditDialog.unverified.body":
    "You have used the credits of an unverified account. Verify your email to unlock 1000 weekly credits: follow the link we sent you, or ask for a new one.",

  "generator.section": "Text generator",
  "generator.language": "Language",
  "generator.contentType": "Content type",
  "generator.tone": "Tone",
  "generator.length": "Length",
  "generator.promptLabel": "Describe the text you want",
  "generator.placeholder":
    "For example: an email to my landlord about the broken heating, polite but firm.",
  "generator.submit": "Generate Text",
  "generator.busy": "Generating...",
  "generator.count": "{count} / {max}",
  "generator.agree.lead": "By generating text you agree to our",
  "generator.agree.and": "and",
  "generator.emptyPrompt.title": "What should we write?",
  "generator.emptyPrompt.body":
    "Please describe the text you want, for example: an email to my landlord about the heating.",
  "useCase.label": "Use case",
  "useCase.describe": "Describe it yourself",
  "useCase.choose": "Choose a use case",
  "useCase.extraLabel": "Anything else the writer should know (optional)",
  "voice.label": "Voice",
  "voice.none": "None (the tone alone)",
  "voice.manage": "Manage voices",
  "tone.standard": "Standard",
  "tone.formal": "Formal",
  "tone.friendly": "Friendly",
  "tone.persuasive": "Persuasive",
  "tone.concise": "Concise",
  "tone.confident": "Confident",
  "tone.empathetic": "Empathetic",
  "tone.enthusiastic": "Enthusiastic",
  "tone.casual": "Casual",
  "tone.inspirational": "Inspirational",
  "tone.humorous": "Humorous",
  "tone.academic": "Academic",
  "tone.diplomatic": "Diplomatic",
  "useCase.category.email": "E-mail",
  "useCase.category.work": "Work",
  "useCase.category.marketing": "Marketing",
  "useCase.category.study": "Study",
  "useCase.category.personal": "Personal",
  "useCase.category.creative": "Creative",
  "length.auto": "Automatic",
  "length.short": "Short (~120 words)",
  "length.medium": "Medium (~300 words)",
  "length.long": "Long (~700 words)",
  "contentType.email": "Email",
  "contentType.article": "Article",
  "contentType.essay": "Essay",
  "contentType.story": "Story",
  "contentType.letter": "Letter",
  "contentType.blog": "Blog Post",
  "contentType.report": "Report",
  "contentType.review": "Review",
  "contentType.proposal": "Proposal",
  "contentType.creative": "Creative Writing",
  "languageName.english": "English",
  "languageName.turkish": "Turkish",
  "languageName.german": "German",
  "languageName.spanish": "Spanish",
  "languageName.french": "French",
  "languageName.chinese": "Chinese",
  "languageName.hindi": "Hindi",
  "languageName.arabic": "Arabic",
  "languageName.portuguese": "Portuguese",
  "languageName.russian": "Russian",

  ...failureMessages,

  "code.VALIDATION_ERROR": "Please check what you entered.",
  "code.INVALID_JSON": "The request could not be read. Please reload the page and try again.",
  "code.UNAUTHORIZED": "Please sign in to continue.",
  "code.FORBIDDEN": "This action is not allowed.",
  "code.NOT_FOUND": "What you asked for was not found.",
  "code.PAYLOAD_TOO_LARGE": "The request is too large.",
  "code.RATE_LIMITED": "Too many attempts. Please try again in {wait}.",
  "code.RATE_LIMITED.soon": "Too many attempts. Please try again shortly.",
  "code.INSUFFICIENT_CREDITS": "You do not have enough credits for this text.",
  "code.EMAIL_NOT_VERIFIED": "Please verify your email address first.",
  "code.NEEDS_AI_WRITER": FAILURES.needsAiWriter,
  "code.CANCELLED": FAILURES.cancelled,
  "code.SERVICE_UNAVAILABLE": "The service is busy. Please try again shortly.",
  "code.INTERNAL_ERROR": "Something went wrong. Please try again later.",

  "toast.success": "Email generated using {model}.",
  "toast.successType": "{type} generated using {model}.",
  "toast.copied": "Text copied to clipboard!",
  "toast.copiedTitle": "Copied",
  "toast.copyFailed": "Could not copy the text.",
  "toast.saveFailed": "Could not prepare the file. Please try again.",
  "toast.editSaved": "Your edit is saved as a new version.",
  "toast.editFailed": "Could not save your edit.",
  "toastType.email": "Email",
  "toastType.article": "Article",
  "toastType.essay": "Essay",
  "toastType.story": "Story",
  "toastType.letter": "Letter",
  "toastType.blog": "Blog post",
  "toastType.report": "Report",
  "toastType.review": "Review",
  "toastType.proposal": "Proposal",
  "toastType.creative": "Creative text",
  "toastModel.local": "a template",
  "toastModel.llama": "the local AI model",
  "toastModel.localai": "a local AI model",
  "toastModel.aitextgenerator-smart-ai": "Smart AI",
  "error.network": "Network error. Please check your connection.",
  "error.generationFailed": "Email generation failed: {message}",
  "error.generationFailedType": "{type} generation failed: {message}",
  "error.unknown": "An unknown error occurred. Please try again.",
  "error.generic": "Failed to generate text. Please try again.",
  "error.server": "Server error: {status}",

  "writer.queued": "Waiting for the writer: {count} ahead of yours.",
  "writer.template.no-ai-writer":
    "Template draft, free: no AI writer is set up on this site. Fill in the [brackets].",
  "writer.template.downloading":
    "Template draft, free: the local writer is still being downloaded. Fill in the [brackets].",
  "writer.template.loading":
    "Template draft, free: the local writer is still starting. Fill in the [brackets].",
  "writer.template.failed":
    "Template draft, free: the local writer could not start. Fill in the [brackets].",
  "writer.template.context-too-small":
    "Template draft, free: the configured local model's context is too small. Fill in the [brackets].",
  "writer.status.downloading":
    "Downloading the local writer: {percent} % ({received} of {total}). Until it is ready, texts are free template drafts.",
  "writer.status.starting":
    "The local writer's download is starting. Until it is ready, texts are free template drafts.",
  "writer.status.timeLeft": "About {minutes} min left.",
  "writer.status.progress": "Download of the local writer",
  "writer.status.retrying":
    "The local writer is not available yet: {reason}. Trying again at {time}; texts are free template drafts until then.",
  "writer.status.failed":
    "The local writer is not available: {reason}. Texts are free template drafts until an operator runs npm run model:pull.",
  "writer.status.ready": "Texts are written on this server by {model}.",
  "writer.status.loading":
    "The local writer is starting. Until then, texts are free template drafts.",
  "writer.status.context-too-small":
    "The configured local model's context is too small. Until another model is set up, texts are free template drafts.",
  "writer.status.template": "No AI writer is set up: texts are free template drafts to fill in.",
  "notice.ai.title": "AI-generated content.",
  "notice.ai.body":
    "Texts are written by artificial intelligence and may contain mistakes or inaccurate information. Please review every text before you send, submit or publish it.",
  "notice.template.title": "Template draft.",
  "notice.template.body":
    "This text is not written by artificial intelligence: it is a template to fill in. Replace every [bracket] with your own words, delete the brief at the top, and review the text before you send, submit or publish it.",

  "result.heading": "Your text",
  "result.placeholder": "Your generated text will appear here.",
  "result.words.one": "{count} word",
  "result.words.other": "{count} words",
  "result.stop": "Stop",
  "badge.local": "Template draft",
  "badge.localai": "Local AI",
  "badge.llama": "Local AI · {model}",
  "badge.stopped": "Stopped",
  "badge.interrupted": "Unfinished",
  "badge.aitextgenerator-advanced-ai": "Advanced AI",
  "badge.aitextgenerator-smart-ai": "Smart AI",
  "badge.ai": "AI",
  "actions.copy": "Copy",
  "actions.download": "Download",
  "actions.downloadAs": "Download .{format}",
  "actions.print": "Print",
  "desk.cost": "Uses {cost} of your {credits} credits",
  "desk.noCredits.guest": "Your free trial has ended.",
  "desk.noCredits.unverified": FAILURES.unverifiedExhausted,
  "desk.noCredits.user": "You have used this week's credits.",
  "desk.noCredits.network": "No trial text is left on this network today.",
  "desk.noCredits.more": "See your options",
  "desk.retry": "Retry",
  "desk.stopped": "Stopped after {words} words · {credits} credits",
  "desk.writerStopped": "The writer stopped after {words} words · {credits} credits",
  "desk.stoppedBeforeWords": "Stopped before any words: nothing was charged.",
  "desk.interrupted":
    "The connection was lost while the text was being written. What arrived is kept here; the finished text is saved with your texts.",
  "desk.moreOptions": "More options",
  "desk.shortcut": "Ctrl+Enter to generate",
  "desk.regenerate": "Regenerate",
  "desk.edit": "Edit",
  "desk.editLabel": "Edit the text. Ctrl+Enter saves, Escape cancels.",
  "desk.editMarkdownLabel": "Edit the text's Markdown. Ctrl+Enter saves, Escape cancels.",
  "desk.markdownView": "Markdown",
  "desk.format.toolbar": "Formatting",
  "desk.format.bold": "Bold (Ctrl+B)",
  "desk.format.italic": "Italic (Ctrl+I)",
  "desk.format.heading": "Heading",
  "desk.format.bulletList": "Bulleted list",
  "desk.saveEdit": "Save",
  "desk.cancelEdit": "Cancel",
  "desk.discardTitle": "Discard your changes?",
  "desk.discardBody": "Your changes to this text are not saved yet.",
  "desk.keepEditing": "Keep editing",
  "desk.discard": "Discard changes",
  "desk.refine": "Refine",
  "desk.refine.shorter": "Shorter",
  "desk.refine.longer": "Longer",
  "desk.refine.formal": "More formal",
  "desk.refine.friendlier": "Friendlier",
  "desk.refine.translate": "Translate to…",
  "desk.refine.translateTo": "Language to translate into",
  "desk.refine.translateButton": "Translate",
  "desk.version": "Version {index} of {count}",
  "desk.versionShort": "{index}/{count}",
  "desk.previousVersion": "Previous version",
  "desk.nextVersion": "Next version",
  "version.original": "Original",
  "version.regenerated": "Regenerated",
  "version.shorter": "Shorter",
  "version.longer": "Longer",
  "version.formal": "More formal",
  "version.friendlier": "Friendlier",
  "version.translate": "Translated into {language}",
  "version.edited": "Edited",
  "version.rephrase": "Rephrased",
  "version.simpler": "Simpler",
  "version.grammar": "Grammar fixed",
  "version.continue": "Continued",
  "version.asked": "Asked: {instruction}",
  "version.passage.rephrase": "Rephrased a passage",
  "version.passage.shorter": "Shortened a passage",
  "version.passage.longer": "Lengthened a passage",
  "version.passage.formal": "Made a passage more formal",
  "version.passage.friendlier": "Made a passage friendlier",
  "version.passage.simpler": "Simplified a passage",
  "version.passage.grammar": "Fixed a passage's grammar",

  "card.loadFailed": "Could not load your credits.",
  "card.balance": "{count} credits",
  "card.textsLeft.one": "{count} text left",
  "card.textsLeft.other": "{count} texts left",
  "card.resetsSoon": "Resets soon",
  "card.resetsIn.one": "Resets in {count} day",
  "card.resetsIn.other": "Resets in {count} days",
  "card.needMore": "Need more? {link}.",
  "card.earnLink": "Earn credits by watching short ads",
  "noText.networkTrialUsedUp":
    "No trial text is left on this network today: its 10 a day are shared by every guest and unverified account here. Verify your email to write with your own weekly credits.",
  "package.guest": "Guest Trial",
  "package.free": "Free",

  "verify.required": "Email verification required",
  "verify.loginBody":
    "Please verify your email address to receive your weekly credits. Unverified accounts are deleted after 24 hours.",
  "verify.continue": "Continue to the generator",
  "verify.resend": "Resend verification email",
  "verify.sending": "Sending...",
  "verify.sent": "Verification email sent",
  "verify.sentBody": "Verification email sent. Please check your inbox.",
  "verify.sendFailed": "An error occurred while sending the email.",
  "reminder.title": "Verify your email",
  "reminder.body":
    "We sent a verification link to {email}. Verify within 24 hours to keep your account and receive 1000 credits every week; unverified accounts are deleted automatically.",
  "reminder.remaining": "{hours}h {minutes}m remaining",
  "reminder.expired": "Account expired",
  "reminder.later": "Remind me later",

  "testimonials.heading": "What Our Users Say",
  "testimonials.stars": "{rating} out of 5 stars",
  "feedback.heading": "Share Your Experience",
  "feedback.lead":
    "Tell us how the generator helped you. Submissions appear here after a quick review.",
  "feedback.form": "Share your experience",
  "feedback.name": "Name",
  "feedback.profession": "Profession (optional)",
  "feedback.rating": "Rating",
  "feedback.stars.one": "{count} star",
  "feedback.stars.other": "{count} stars",
  "feedback.content": "Your feedback",
  "feedback.submit": "Submit Feedback",
  "feedback.submitting": "Submitting...",
  "feedback.thanks": TESTIMONIAL_THANKS,
  "feedback.failed": "There was a problem submitting your feedback.",
  "feedback.network": "Network error. Please try again.",

  "history.search": "Search your texts",
  "history.searchPlaceholder": "Search subject and text",
  "history.type": "Type",
  "history.allTypes": "All types",
  "history.allLanguages": "All languages",
  "history.loading": "Loading your writings...",
  "history.loadFailed": "Could not load your writings.",
  "history.noMatch": "No texts match your search.",
  "history.empty": "You don't have any writings yet.",
  "history.count.one": "{count} text",
  "history.count.other": "{count} texts",
  "history.subject": "Subject",
  "history.date": "Date",
  "history.actions": "Actions",
  "history.open": "Open",
  "history.openNamed": 'Open "{subject}"',
  "history.copyNamed": 'Copy "{subject}"',
  "history.delete": "Delete",
  "history.deleteNamed": 'Delete "{subject}"',
  "history.list": "Your texts",
  "history.pages": "Pages",
  "history.previous": "Previous",
  "history.next": "Next",
  "history.page": "Page {page} of {pages}",
  "history.openInWriter": "Change in the writer",
  "history.reuse": "Use this prompt again",
  "history.deleteTitle": "Delete this text?",
  "history.deleteBody": '"{subject}" will be removed from your history. This cannot be undone.',
  "history.deleting": "Deleting...",
  "history.deleted": "Text deleted successfully",
  "history.deleteFailed": "An error occurred while deleting the text.",

  "credits.heading": "Credits",
  "credits.loading": "Loading credit status...",
  "credits.loginPrompt": "Please log in to earn credits.",
  "credits.balance.one": "{credits} credits • {rights} usage right",
  "credits.balance.other": "{credits} credits • {rights} usage rights",
  "credits.verifyBody":
    "Verify your email address to earn credits by watching ads and to receive 1000 credits every week.",
  "credits.comingSoon": "Coming Soon",
  "credits.ad.heading": "Watch Ad",
  "credits.ad.reward": "+{credits} credits",
  "credits.ad.body":
    "Watch a {seconds}-second ad, up to {count} times per day. Watched today: {watched}/{perDay}.",
  "credits.ad.watch": "Watch Ad",
  "credits.ad.verify": "Email Verification Required",
  "credits.ad.watching": "Watching... {seconds}s",
  "credits.ad.limit": "Daily limit reached",
  "credits.ad.wait": "Please wait...",
  "credits.ad.progress": "Ad progress",
  "credits.ad.earned": "Credits Earned!",
  "credits.ad.failed": "Failed to watch ad",
  "credits.daily.heading": "Daily Login",
  "credits.daily.reward": "+50 credits/day",
  "credits.daily.body": "Sign in every day to collect bonus credits.",
  "credits.refer.heading": "Refer Friends",
  "credits.refer.reward": "+500 credits/invite",
  "credits.refer.body": "Invite friends and earn credits when they join.",
  "credits.how.heading": "How it works",
  "credits.how.cost": "Every text costs 100 credits.",
  "credits.how.weekly":
    "Verified accounts receive 1000 credits every Monday at 00:00 UTC; credits you earned above that are kept.",
  "credits.how.ads": "Watch a short ad to earn 100 credits, up to {count} times per day.",
  "credits.how.refund": "If a text fails to generate, its credits are refunded automatically.",
  "activity.heading": "Credit activity",
  "activity.loading": "Loading activity...",
  "activity.empty": "No credit activity yet.",
  "activity.newer": "Newer",
  "activity.older": "Older",
  "activity.generatedKind": "Text generated: {kind}",
  "activity.signup_grant": "Welcome credits",
  "activity.verification_top_up": "Email verified",
  "activity.weekly_grant": "Weekly credits",
  "activity.guest_trial": "Free trial",
  "activity.generation": "Text generated",
  "activity.refund": "Refund",
  "activity.operator_grant": "Credits from support",
  "activity.operator_take_back": "Credits taken back by support",
  "activity.ad_reward": "Ad watched",

  "profile.heading": "My Account",
  "profile.details": "Account details",
  "profile.email": "Email",
  "profile.name": "Name",
  "profile.status": "Status",
  "profile.verified": "Verified",
  "profile.notVerified": "Not Verified",
  "profile.memberSince": "Member since",
  "profile.history": "My writings",
  "profile.loggingOut": "Logging out...",

  "auth.login.heading": "Log In",
  "auth.login.intro": "Welcome back. Log in to keep writing.",
  "auth.login.elsewhere": "Don't have an account?",
  "auth.register.heading": "Create an Account",
  "auth.register.intro": "Free forever: 1000 credits every week once you verify your email.",
  "auth.register.elsewhere": "Already have an account?",
  "auth.forgot.heading": "Forgot Password",
  "auth.forgot.intro":
    "Enter your email address and we will send you a link to reset your password.",
  "auth.forgot.elsewhere": "Remembered it?",
  "auth.reset.heading": "Reset Password",
  "auth.reset.intro": "Choose a new password for your account.",
  "auth.email": "Email",
  "auth.password": "Password",
  "auth.newPassword": "New password",
  "auth.confirmPassword": "Confirm password",
  "auth.confirmNewPassword": "Confirm new password",
  "auth.passwordHint": "At least 6 characters; 8 or more is safer.",
  "auth.name": "Name (optional)",
  "auth.login": "Log In",
  "auth.loggingIn": "Logging in...",
  "auth.forgotLink": "Forgot your password?",
  "auth.loginError": "Login Error",
  "auth.unexpected": "An unexpected error occurred. Please try again later.",
  "auth.loginSuccess": "Login Successful",
  "auth.welcomeBack": "Welcome back!",
  "auth.signedIn": "Signed in",
  "auth.readyToWrite": "You are ready to write.",
  "auth.createAccount": "Create Account",
  "auth.creatingAccount": "Creating account...",
  "auth.registerError": "Registration Error",
  "auth.registerUnexpected": "An unexpected error occurred",
  "auth.registered": "Registration Successful",
  "auth.registeredBody": "Registration successful. Please check your email to verify your account.",
  "auth.pleaseLogIn": "Please log in to continue.",
  "auth.emailVerified": "Email Verified",
  "auth.emailVerifiedBody": "Your email address is verified. Your weekly credits are ready.",
  "auth.verificationError": "Verification Error",
  "auth.verificationErrorBody": "This verification link is invalid or has expired.",
  "auth.somethingWrong": "Something went wrong.",
  "auth.checkEmail": "Check your email",
  "auth.resetSent":
    "If an account exists for this email, we have sent a password reset link to it.",
  "auth.sentTo": "We sent it to {email}. The link works once and expires in 24 hours.",
  "auth.backToLogin": "Back to login",
  "auth.sendLink": "Send Reset Link",
  "auth.sending": "Sending...",
  "auth.toHome": "Taking you to the home page...",
  "auth.passwordUpdated": "Password updated",
  "auth.passwordUpdatedBody":
    "Your password has been reset and you have been signed out everywhere. Log in with your new password.",
  "auth.goToLogin": "Go to Login",
  "auth.resetPassword": "Reset Password",
  "auth.saving": "Saving...",
  "auth.resetError": "Password Reset Error",
  "ad.label": "Ad",
  "ad.sponsoredBy": "Sponsored by {sponsor}",
  "ad.newTab": "(opens in a new tab)",
  "ad.loading": "Loading the ad…",
  "ad.untitled": "Sponsored video",
  "ad.default.title": "Thank you for keeping AI Text Generator free",
  "ad.default.body":
    "The 100 credits you earn here pay for one more text: an email, a letter, an essay or a story, in any of ten languages.",
} as const;

export type MessageKey = keyof typeof en;

/** The Turkish half, once loaded: until then (a moment) the interface reads English. */
let turkish: Record<MessageKey, string> | null = null;

/** Loads the Turkish half of the catalog; the language store asks for it when Turkish is chosen. */
export async function loadTurkish(): Promise<void> {
  turkish ??= (await import("./tr.ts")).tr;
}

/** The interface's language for a selected output language: Turkish or English. */
export function uiLocale(language: string): "tr" | "en" {
  return language === "turkish" && turkish ? "tr" : "en";
}

/** A use case's text (src/content/use-cases/) in the interface's language. */
export function localized(language: string, text: { en: string; tr: string }): string {
  return text[uiLocale(language)];
}

export function messagesFor(language: string): Record<MessageKey, string> {
  return uiLocale(language) === "tr" ? turkish! : en;
}

/**
 * One message with its `{placeholders}` filled. Numbers are written the way the chosen
 * language writes them ("1.000" in Turkish and German, "1,000" in English).
 */
export function translate(
  language: string,
  key: MessageKey,
  values: Record<string, string | number> = {},
): string {
  return fillMessage(language, messagesFor(language)[key], values);
}

/** A message's `{placeholders}` filled, numbers written as the language writes them. */
export function fillMessage(
  language: string,
  template: string,
  values: Record<string, string | number>,
): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined) return match;
    return typeof value === "number" ? formatNumber(value, languageTag(language)) : value;
  });
}

/** Keys that have a `.one` and an `.other` form. */
type CountedKey = {
  [K in MessageKey]: K extends `${infer Base}.one` ? Base : never;
}[MessageKey];

/** A counted message: "1 text left", "3 texts left"; `{count}` is filled with `count`. */
export function translateCount(
  language: string,
  key: CountedKey,
  count: number,
  values: Record<string, string | number> = {},
): string {
  const form = new Intl.PluralRules(uiLocale(language)).select(count) === "one" ? "one" : "other";
  return translate(language, `${key}.${form}` as MessageKey, { count, ...values });
}

/** A wait in the interface's language: "30 seconds", "2 dakika". */
export function waitText(language: string, seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const [value, unit] = seconds < 60 ? [seconds, "second"] : [minutes, "minute"];
  return new Intl.NumberFormat(uiLocale(language), {
    style: "unit",
    unit,
    unitDisplay: "long",
  }).format(value);
}

/** A content type's name in the interface's language ("Blog Post", "Blog Yazısı"). */
export function contentTypeName(language: string, contentType: string | null | undefined) {
  const key = `contentType.${contentType || "email"}` as MessageKey;
  return key in en ? translate(language, key) : (contentType ?? "");
}

/** A language's name in the interface's language ("French", "Fransızca"). */
export function languageName(uiLanguage: string, language: string | null | undefined): string {
  const key = `languageName.${language}` as MessageKey;
  return key in en ? translate(uiLanguage, key) : (language ?? "");
}

/**
 * A language as the selects offer it: its own name, and the interface's name for it when
 * that differs ("Deutsch (German)", "Deutsch (Almanca)", "English", "Türkçe").
 */
export function languageOption(uiLanguage: string, language: string): string {
  const own = LANGUAGES.find((entry) => entry.id === language)?.native ?? language;
  const named = languageName(uiLanguage, language);
  return own === named ? own : `${own} (${named})`;
}

const BADGE_KEYS: Record<string, MessageKey> = {
  local: "badge.local",
  localai: "badge.localai",
  stopped: "badge.stopped",
  interrupted: "badge.interrupted",
  "aitextgenerator-advanced-ai": "badge.aitextgenerator-advanced-ai",
  "aitextgenerator-smart-ai": "badge.aitextgenerator-smart-ai",
};

/**
 * Spec §9: the badge for each `modelUsed`. Template drafts say plainly that they are
 * templates (DESIGN §5); the local writer names its model ("Local AI · Qwen2.5 0.5B");
 * product names stay as they are.
 */
export function modelBadge(
  language: string,
  modelUsed: string | null | undefined,
  modelName?: string | null,
): string {
  if (modelUsed === "llama" && modelName)
    return translate(language, "badge.llama", { model: modelName });
  const key = modelUsed ? BADGE_KEYS[modelUsed] : undefined;
  if (key) return translate(language, key);
  return brandBadge(modelUsed) ?? translate(language, "badge.ai");
}

const TOAST_MODEL_KEYS: Record<string, MessageKey> = {
  local: "toastModel.local",
  llama: "toastModel.llama",
  localai: "toastModel.localai",
  "aitextgenerator-smart-ai": "toastModel.aitextgenerator-smart-ai",
};

/**
 * Spec §4's "Email generated using {model}." for e-mails, "{Type} generated using {model}."
 * for the other types; all Turkish when Turkish is selected, the writer's name too. An
 * OpenAI-compatible server is named by the model it was asked for: it may be anywhere.
 */
export function successToastTitle(
  language: string,
  contentType: string,
  modelUsed: string,
  modelName?: string | null,
): string {
  const modelKey = TOAST_MODEL_KEYS[modelUsed];
  const model =
    modelUsed === "localai" && modelName
      ? modelName
      : modelKey
        ? translate(language, modelKey)
        : modelBadge(language, modelUsed);
  if (contentType === "email") return translate(language, "toast.success", { model });
  return translate(language, "toast.successType", { type: typeName(language, contentType), model });
}

function typeName(language: string, contentType: string): string {
  const key = `toastType.${contentType}` as MessageKey;
  return translate(language, key in en ? key : "toastType.email");
}

/** Spec §4's "Email generation failed: {message}" for e-mails, the text's own type otherwise. */
export function failureToastTitle(language: string, contentType: string, message: string): string {
  if (contentType === "email") return translate(language, "error.generationFailed", { message });
  const type = typeName(language, contentType);
  return translate(language, "error.generationFailedType", { type, message });
}

/** A failure in the interface's language, by its reason (src/lib/shared/failures.ts). */
export function wordReason(language: string, reason: FailureReason): string {
  return translate(language, `failure.${reason}`);
}

/**
 * The first problem of each field, as a shared schema's check gives it, in the interface's
 * language: a failure's reason is worded by its key; any other message stays as it is.
 */
export function wordRules(
  language: string,
  problems: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(problems).map(([field, message]) => [
      field,
      isFailureReason(message) ? wordReason(language, message) : message,
    ]),
  );
}

/**
 * What a failed answer says, in the interface's language: a shared failure by its `reason`
 * key; otherwise English shows the server's own message, and Turkish words the answer by
 * its `code`, else `fallback`.
 */
export function describeFailure(
  language: string,
  body: FailedAnswer,
  fallback: MessageKey = "error.unknown",
): string {
  if (isFailureReason(body.reason)) return wordReason(language, body.reason);
  const message = body.message?.trim();
  if (uiLocale(language) === "en") return message || translate(language, fallback);
  const code = body.code ?? "";
  if (code === "RATE_LIMITED") {
    const seconds = Number(body.retryAfter);
    return seconds > 0
      ? translate(language, "code.RATE_LIMITED", { wait: waitText(language, seconds) })
      : translate(language, "code.RATE_LIMITED.soon");
  }
  const key = `code.${code}` as MessageKey;
  return key in en ? translate(language, key) : translate(language, fallback);
}

/**
 * The first problem of each field of a failed answer, in the interface's language: by its
 * reason when `fieldReasons` gives one; otherwise the server's English as it is.
 */
export function describeFieldFailures(
  language: string,
  body: FailedAnswer,
): Record<string, string> {
  const described: Record<string, string> = {};
  for (const [field, messages] of Object.entries(body.fieldErrors ?? {})) {
    const reason = body.fieldReasons?.[field]?.[0];
    const text = isFailureReason(reason) ? wordReason(language, reason) : messages?.[0];
    if (text) described[field] = text;
  }
  return described;
}

/** Where a version of a text came from: a first answer, Regenerate, a refinement, an edit. */
export interface VersionOrigin {
  /** A refinement's action, or "edited". */
  refinement?: string | null;
  variant?: number | null;
  /** The version's own language (a translation's target). */
  language?: string | null;
  /** An `instruction` refinement's words. */
  instruction?: string | null;
  /** A passage change: the range of its parent it replaced (only whether there is one counts). */
  passage?: object | null;
}

/** How much of an instruction a version's label quotes. */
const ASKED_CHARS = 40;

const VERSION_KEYS: Record<string, MessageKey> = {
  shorter: "version.shorter",
  longer: "version.longer",
  formal: "version.formal",
  friendlier: "version.friendlier",
  edited: "version.edited",
  rephrase: "version.rephrase",
  simpler: "version.simpler",
  grammar: "version.grammar",
  continue: "version.continue",
};

/**
 * "Original", "Regenerated", "Shorter", …, "Translated into French", "Edited", "Rephrased a
 * passage", "Asked: make it warmer".
 */
export function versionLabel(uiLanguage: string, origin: VersionOrigin): string {
  const { refinement, variant, language, instruction, passage } = origin;
  if (refinement === "instruction") {
    const words = (instruction ?? "").trim();
    const quoted = words.length > ASKED_CHARS ? `${words.slice(0, ASKED_CHARS - 1)}…` : words;
    return translate(uiLanguage, "version.asked", { instruction: quoted });
  }
  if (passage && refinement && refinement !== "continue" && refinement !== "edited") {
    const key = `version.passage.${refinement}`;
    if (key in en) return translate(uiLanguage, key as MessageKey);
  }
  if (refinement === "translate") {
    return translate(uiLanguage, "version.translate", {
      language: languageName(uiLanguage, language ?? "english"),
    });
  }
  const key = refinement ? VERSION_KEYS[refinement] : undefined;
  if (key) return translate(uiLanguage, key);
  return translate(uiLanguage, (variant ?? 1) > 1 ? "version.regenerated" : "version.original");
}

/** The credit card's reset line: "Resets soon", "Resets in 1 day", "Resets in N days". */
export function resetNotice(language: string, nextResetTime: string | null, now: Date) {
  const days = daysUntilReset(nextResetTime, now);
  if (days === null) return null;
  return days === 0
    ? translate(language, "card.resetsSoon")
    : translateCount(language, "card.resetsIn", days);
}

/** The credit card's count: "1 text left", otherwise "N texts left". */
export function textsLeft(language: string, credits: number): string {
  return translateCount(language, "card.textsLeft", usageRights(credits));
}

/** The name of a credit package as the status sends it ("Guest Trial", "Free"). */
export function packageName(language: string, name: string): string {
  if (name === "Guest Trial") return translate(language, "package.guest");
  if (name === "Free") return translate(language, "package.free");
  return name;
}
