import type { FailedAnswer } from "#shared/api/failures.ts";
import { failureMessages } from "#shared/failures.ts";
import { SIGNUP_FAILURES, isSignupFailureReason } from "#shared/signup-failures.ts";
import { catalog } from "./catalog.ts";
import { describeFieldFailuresWith } from "./wording.ts";

/**
 * Sign-up rules' words (issue 29, item 2), in English and Turkish: the register page's
 * refusals and the console's sign-up section. A namespace of its own, since the home page
 * meets none of them (src/lib/shared/signup-failures.ts).
 */
const signupEn = {
  ...failureMessages(SIGNUP_FAILURES),
  "signup.intro":
    "Who may create an account. A refused sign-up is told why, never whether the address has an account.",
  "signup.mode": "Who may sign up",
  "signup.mode.open": "Anyone",
  "signup.mode.invite": "Only people with an invite link",
  "signup.mode.domains": "Addresses at these domains (and invite links)",
  "signup.domains": "Domains, one a line",
  "signup.domains.hint": "For example example.com. Subdomains are listed on their own.",
  "signup.save": "Save the rule",
  "signup.saved": "The sign-up rule is saved.",
  "signup.invites": "Invites",
  "signup.invite.uses": "Sign-ups it allows",
  "signup.invite.expires": "Expires",
  "signup.invite.label": "Note (optional)",
  "signup.invite.make": "Make an invite",
  "signup.invite.made": "The invite is made. Copy its link now: it is shown only this once.",
  "signup.invite.link": "Invite link",
  "signup.invite.copy": "Copy the link",
  "signup.invite.copied": "Copied.",
  "signup.invite.none": "No invites yet.",
  "signup.invite.revoke": "Revoke",
  "signup.invite.revoked": "The invite is revoked.",
  "signup.invite.usage": "{uses} of {max} used",
  "signup.invite.until": "until {date}",
  "signup.invite.by": "by {email}",
  "signup.state.active": "Active",
  "signup.state.expired": "Expired",
  "signup.state.usedUp": "Used up",
  "signup.state.revoked": "Revoked",
  "register.invited": "You are signing up with an invite link.",
};

const signupTr: Record<keyof typeof signupEn, string> = {
  "failure.signupInviteNeeded":
    "Burada yalnızca davetle kayıt olunabiliyor. Lütfen size gönderilen davet bağlantısını açın.",
  "failure.signupDomainNotAllowed":
    "Burada yalnızca bazı e-posta alan adlarıyla kayıt olunabiliyor. Lütfen kurumunuzun adresini ya da bir davet bağlantısını kullanın.",
  "failure.signupInviteInvalid": "Bu davet bağlantısı geçerli değil. Lütfen yenisini isteyin.",
  "failure.signupInviteExpired": "Bu davet bağlantısının süresi doldu. Lütfen yenisini isteyin.",
  "failure.signupInviteUsedUp":
    "Bu davet bağlantısı izin verdiği kadar kullanıldı. Lütfen yenisini isteyin.",
  "failure.signupModeInvalid": "Lütfen kimlerin kayıt olabileceğini seçin.",
  "failure.signupDomainInvalid":
    "Lütfen alan adlarını example.com gibi, her satıra bir tane yazın.",
  "failure.signupDomainsMissing": "Lütfen en az bir alan adı yazın ya da başka bir kural seçin.",
  "failure.signupDomainsTooMany": "Lütfen en fazla 100 alan adı yazın.",
  "failure.inviteUsesInvalid": "Bir davet 1 ile 10.000 arasında kayda izin vermeli.",
  "failure.inviteExpiryInvalid": "Lütfen davetin ne zaman sona ereceğini seçin.",
  "failure.inviteExpiryPast": "Lütfen gelecekte bir bitiş zamanı seçin.",
  "failure.inviteExpiryTooFar": "Bir davet en fazla 365 gün geçerli olabilir.",
  "failure.inviteLabelTooLong": "Lütfen notu 80 karakterin altında tutun.",
  "failure.inviteNotFound": "Bu davet bulunamadı.",
  "signup.intro":
    "Kimlerin hesap açabileceği. Reddedilen bir kayda nedeni söylenir, adresin bir hesabı olup olmadığı asla söylenmez.",
  "signup.mode": "Kimler kayıt olabilir",
  "signup.mode.open": "Herkes",
  "signup.mode.invite": "Yalnızca davet bağlantısı olanlar",
  "signup.mode.domains": "Bu alan adlarındaki adresler (ve davet bağlantıları)",
  "signup.domains": "Alan adları, her satıra bir tane",
  "signup.domains.hint": "Örneğin example.com. Alt alan adları ayrıca yazılır.",
  "signup.save": "Kuralı kaydet",
  "signup.saved": "Kayıt kuralı kaydedildi.",
  "signup.invites": "Davetler",
  "signup.invite.uses": "İzin verdiği kayıt sayısı",
  "signup.invite.expires": "Bitiş",
  "signup.invite.label": "Not (isteğe bağlı)",
  "signup.invite.make": "Davet oluştur",
  "signup.invite.made":
    "Davet oluşturuldu. Bağlantısını şimdi kopyalayın: yalnızca bu kez gösteriliyor.",
  "signup.invite.link": "Davet bağlantısı",
  "signup.invite.copy": "Bağlantıyı kopyala",
  "signup.invite.copied": "Kopyalandı.",
  "signup.invite.none": "Henüz davet yok.",
  "signup.invite.revoke": "İptal et",
  "signup.invite.revoked": "Davet iptal edildi.",
  "signup.invite.usage": "{max} kullanımın {uses} tanesi kullanıldı",
  "signup.invite.until": "{date} tarihine kadar",
  "signup.invite.by": "oluşturan: {email}",
  "signup.state.active": "Etkin",
  "signup.state.expired": "Süresi doldu",
  "signup.state.usedUp": "Tükendi",
  "signup.state.revoked": "İptal edildi",
  "register.invited": "Bir davet bağlantısıyla kayıt oluyorsunuz.",
};

export const signupWords = catalog(signupEn, signupTr);
export type SignupTextKey = keyof typeof signupEn;

/** What a failed answer says, in the interface's language, sign-up rules' reasons included. */
export function describeSignupFailure(language: string, body: FailedAnswer): string | null {
  return isSignupFailureReason(body.reason)
    ? signupWords.translate(language, `failure.${body.reason}`)
    : null;
}

/** Each field's first problem, sign-up rules' reasons worded here, the rest as usual. */
export function describeSignupFieldFailures(
  language: string,
  body: FailedAnswer,
): Record<string, string> {
  return describeFieldFailuresWith(language, body, (reason) =>
    isSignupFailureReason(reason) ? signupWords.translate(language, `failure.${reason}`) : null,
  );
}

/** A schema's problems in the browser, by field, worded. */
export function wordSignupRules(
  language: string,
  problems: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(problems).map(([field, message]) => [
      field,
      isSignupFailureReason(message)
        ? signupWords.translate(language, `failure.${message}`)
        : message,
    ]),
  );
}
