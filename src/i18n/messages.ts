import { daysUntilReset, usageRights } from "#shared/credits.ts";
import { FAILURES } from "#shared/failures.ts";
import { formatNumber } from "#shared/format.ts";
import { LANGUAGES, languageTag } from "#shared/generation.ts";
import { brandBadge } from "#shared/models.ts";
import { MESSAGES as AUTH_MESSAGES } from "#shared/schemas/auth.ts";
import { GENERATION_MESSAGES } from "#shared/schemas/generation.ts";
import { frameEn, frameTr } from "./frame.ts";

/**
 * The message catalog (DESIGN §7): every string the interface shows, in English and in
 * Turkish. The interface is Turkish when Turkish is the selected output language, English
 * otherwise. Keys ending in `.one` / `.other` are the two plural forms of one message.
 * `validation.*` and `failure.*` are the English messages the server also answers with
 * (from src/lib/shared), so that the client can word them (`describeFailure`).
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
  "tone.standard": "Standard",
  "tone.formal": "Formal",
  "tone.friendly": "Friendly",
  "tone.persuasive": "Persuasive",
  "tone.concise": "Concise",
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

  "validation.content": GENERATION_MESSAGES.content,
  "validation.contentTooLong": GENERATION_MESSAGES.contentTooLong,
  "validation.language": GENERATION_MESSAGES.language,
  "validation.contentType": GENERATION_MESSAGES.contentType,
  "validation.refineParent": GENERATION_MESSAGES.refineParent,
  "validation.refineAction": GENERATION_MESSAGES.refineAction,
  "validation.editParent": GENERATION_MESSAGES.editParent,
  "validation.editMissing": GENERATION_MESSAGES.editMissing,
  "validation.editEmpty": GENERATION_MESSAGES.editEmpty,
  "validation.editTooLong": GENERATION_MESSAGES.editTooLong,
  "validation.email": AUTH_MESSAGES.email,
  "validation.password": AUTH_MESSAGES.password,
  "validation.passwordTooLong": AUTH_MESSAGES.passwordTooLong,
  "validation.passwordBlank": AUTH_MESSAGES.passwordBlank,
  "validation.name": AUTH_MESSAGES.name,
  "validation.nameTooLong": AUTH_MESSAGES.nameTooLong,
  "validation.nameSpecial": AUTH_MESSAGES.nameSpecial,
  "validation.nameWebAddress": AUTH_MESSAGES.nameWebAddress,
  "validation.mismatch": AUTH_MESSAGES.mismatch,
  "validation.missingToken": AUTH_MESSAGES.missingToken,

  "failure.invalidCredentials": FAILURES.invalidCredentials,
  "failure.commonPassword": FAILURES.commonPassword,
  "failure.invalidResetToken": FAILURES.invalidResetToken,
  "failure.guestExhausted": FAILURES.guestExhausted,
  "failure.userExhausted": FAILURES.userExhausted,
  "failure.unverifiedExhausted": FAILURES.unverifiedExhausted,
  "failure.textNotFound": FAILURES.textNotFound,
  "failure.needsAiWriter": FAILURES.needsAiWriter,
  "failure.cancelled": FAILURES.cancelled,
  "failure.writersBusy": FAILURES.writersBusy,
  "failure.allProvidersFailed": FAILURES.allProvidersFailed,
  "failure.leaseLost": FAILURES.leaseLost,

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
  "writer.status.downloading":
    "The local writer is being downloaded: {percent} %. Until then, texts are free template drafts.",
  "writer.status.loading":
    "The local writer is starting. Until then, texts are free template drafts.",
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
  "desk.noCredits.more": "See your options",
  "desk.retry": "Retry",
  "desk.stopped": "Stopped after {words} words · {credits} credits",
  "desk.interrupted":
    "The connection was lost while the text was being written. What arrived is kept here; the finished text is saved with your texts.",
  "desk.moreOptions": "More options",
  "desk.shortcut": "Ctrl+Enter to generate",
  "desk.regenerate": "Regenerate",
  "desk.edit": "Edit",
  "desk.editLabel": "Edit the text (Markdown). Ctrl+Enter saves, Escape cancels.",
  "desk.saveEdit": "Save",
  "desk.cancelEdit": "Cancel",
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

  "card.loadFailed": "Could not load your credits.",
  "card.balance": "{count} credits",
  "card.textsLeft.one": "{count} text left",
  "card.textsLeft.other": "{count} texts left",
  "card.resetsSoon": "Resets soon",
  "card.resetsIn.one": "Resets in {count} day",
  "card.resetsIn.other": "Resets in {count} days",
  "card.needMore": "Need more? {link}.",
  "card.earnLink": "Earn credits by watching short ads",
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
} as const;

export type MessageKey = keyof typeof en;

const tr: Record<MessageKey, string> = {
  ...frameTr,

  "common.loading": "Yükleniyor...",
  "common.close": "Kapat",
  "common.cancel": "Vazgeç",
  "common.error": "Hata",
  "common.notification": "Bildirim",
  "common.notifications": "Bildirimler ({hotkey})",

  "creditDialog.guest.title": "Ücretsiz deneme sona erdi",
  "creditDialog.guest.body":
    "Ücretsiz deneme hakkınızı kullandınız. Yazmaya devam etmek için bir hesap oluşturun: kayıtlı kullanıcılar her hafta 1.000 kredi alır.",
  "creditDialog.guest.register": "Kayıt Ol",
  "creditDialog.guest.login": "Giriş Yap",
  "creditDialog.user.title": "Haftalık limitinize ulaştınız",
  "creditDialog.user.body":
    "Bu haftaki kredilerinizi kullandınız. Krediler her pazartesi sabahı yenilenir. Kısa reklamlar izleyerek ek kredi de kazanabilirsiniz.",
  "creditDialog.user.ok": "Tamam",
  "creditDialog.user.earn": "Kredi kazan",
  "creditDialog.unverified.title": "Yazmaya devam etmek için e-postanızı doğrulayın",
  "creditDialog.unverified.body":
    "Doğrulanmamış hesabın kredilerini kullandınız. Haftalık 1.000 krediyi açmak için e-posta adresinizi doğrulayın: size gönderdiğimiz bağlantıyı açın veya yenisini isteyin.",

  "generator.section": "Metin oluşturucu",
  "generator.language": "Dil",
  "generator.contentType": "İçerik türü",
  "generator.tone": "Üslup",
  "generator.length": "Uzunluk",
  "generator.promptLabel": "İstediğiniz metni anlatın",
  "generator.placeholder":
    "Örneğin: ev sahibime bozuk kalorifer hakkında kibar ama kararlı bir e-posta.",
  "generator.submit": "Metin Oluştur",
  "generator.busy": "Oluşturuluyor...",
  "generator.count": "{count} / {max}",
  "generator.agree.lead": "Metin oluşturarak şunları kabul etmiş olursunuz:",
  "generator.agree.and": "ve",
  "generator.emptyPrompt.title": "Ne yazalım?",
  "generator.emptyPrompt.body":
    "Lütfen nasıl bir metin istediğinizi yazın, örneğin: ev sahibime kalorifer hakkında bir e-posta.",
  "tone.standard": "Standart",
  "tone.formal": "Resmî",
  "tone.friendly": "Samimi",
  "tone.persuasive": "İkna edici",
  "tone.concise": "Kısa ve öz",
  "length.auto": "Otomatik",
  "length.short": "Kısa (~120 kelime)",
  "length.medium": "Orta (~300 kelime)",
  "length.long": "Uzun (~700 kelime)",
  "contentType.email": "E-posta",
  "contentType.article": "Makale",
  "contentType.essay": "Deneme",
  "contentType.story": "Hikâye",
  "contentType.letter": "Mektup",
  "contentType.blog": "Blog Yazısı",
  "contentType.report": "Rapor",
  "contentType.review": "İnceleme",
  "contentType.proposal": "Teklif",
  "contentType.creative": "Yaratıcı Yazı",
  "languageName.english": "İngilizce",
  "languageName.turkish": "Türkçe",
  "languageName.german": "Almanca",
  "languageName.spanish": "İspanyolca",
  "languageName.french": "Fransızca",
  "languageName.chinese": "Çince",
  "languageName.hindi": "Hintçe",
  "languageName.arabic": "Arapça",
  "languageName.portuguese": "Portekizce",
  "languageName.russian": "Rusça",

  "validation.content": "Lütfen ne tür bir metin istediğinizi yazın.",
  "validation.contentTooLong": "Lütfen açıklamayı 4.000 karakterin altında tutun.",
  "validation.language": "Lütfen bir dil seçin.",
  "validation.contentType": "Lütfen bir içerik türü seçin.",
  "validation.refineParent": "Lütfen iyileştirmek için metinlerinizden birini seçin.",
  "validation.refineAction": "Lütfen metnin nasıl iyileştirileceğini seçin.",
  "validation.editParent": "Lütfen düzenlemek için metinlerinizden birini seçin.",
  "validation.editMissing": "Düzenlenen metin eksik.",
  "validation.editEmpty": "Düzenlenen metin boş.",
  "validation.editTooLong": "Lütfen metni 60.000 karakterin altında tutun.",
  "validation.email": "Lütfen geçerli bir e-posta adresi girin",
  "validation.password": "Şifre en az 6 karakter olmalıdır",
  "validation.passwordTooLong": "Şifre en fazla 128 karakter olabilir",
  "validation.passwordBlank": "Şifre yalnızca boşluktan oluşamaz",
  "validation.name": "Ad en az 2 karakter olmalıdır",
  "validation.nameTooLong": "Ad en fazla 80 karakter olabilir",
  "validation.nameSpecial": "Ad, özel karakter içermeyen tek bir satır olmalıdır",
  "validation.nameWebAddress": "Ad bir web adresi içeremez",
  "validation.mismatch": "Şifreler eşleşmiyor",
  "validation.missingToken": "Şifre sıfırlama bağlantısı geçersiz veya eksik.",

  "failure.invalidCredentials": "E-posta adresi veya şifre hatalı.",
  "failure.commonPassword": "Bu şifre çok yaygın. Lütfen tahmin edilmesi daha zor bir şifre seçin.",
  "failure.invalidResetToken": "Bu şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.",
  "failure.guestExhausted":
    "Ücretsiz deneme sona erdi. Daha fazla kullanım için bir hesap oluşturun.",
  "failure.userExhausted": "Krediniz bitti. Haftalık yenilemeyi bekleyin.",
  "failure.unverifiedExhausted": "Haftalık 1.000 krediyi açmak için e-posta adresinizi doğrulayın.",
  "failure.textNotFound": "Bu metin bulunamadı.",
  "failure.needsAiWriter":
    "Bir metni iyileştirmek için yapay zekâ yazarı gerekir; henüz hazır değil.",
  "failure.cancelled": "Metin oluşturma durduruldu.",
  "failure.writersBusy":
    "Yazar şu anda başka metinlerle meşgul. Kredileriniz iade edildi. Lütfen birkaç saniye sonra tekrar deneyin.",
  "failure.allProvidersFailed":
    "Metin şu anda oluşturulamadı. Kredileriniz iade edildi. Lütfen tekrar deneyin.",
  "failure.leaseLost":
    "Metnin kaydedilmesi çok uzun sürdü, bu yüzden kredileriniz iade edildi. Lütfen tekrar deneyin.",

  "code.VALIDATION_ERROR": "Lütfen girdiğiniz bilgileri kontrol edin.",
  "code.INVALID_JSON": "İstek okunamadı. Lütfen sayfayı yenileyip tekrar deneyin.",
  "code.UNAUTHORIZED": "Devam etmek için lütfen giriş yapın.",
  "code.FORBIDDEN": "Bu işleme izin verilmiyor.",
  "code.NOT_FOUND": "İstediğiniz şey bulunamadı.",
  "code.PAYLOAD_TOO_LARGE": "İstek çok büyük.",
  "code.RATE_LIMITED": "Çok fazla deneme. Lütfen {wait} sonra tekrar deneyin.",
  "code.RATE_LIMITED.soon": "Çok fazla deneme. Lütfen biraz sonra tekrar deneyin.",
  "code.INSUFFICIENT_CREDITS": "Bu metin için yeterli krediniz yok.",
  "code.EMAIL_NOT_VERIFIED": "Lütfen önce e-posta adresinizi doğrulayın.",
  "code.NEEDS_AI_WRITER":
    "Bir metni iyileştirmek için yapay zekâ yazarı gerekir; henüz hazır değil.",
  "code.CANCELLED": "Metin oluşturma durduruldu.",
  "code.SERVICE_UNAVAILABLE": "Hizmet şu anda meşgul. Lütfen biraz sonra tekrar deneyin.",
  "code.INTERNAL_ERROR": "Bir şeyler ters gitti. Lütfen daha sonra tekrar deneyin.",

  "toast.success": "E-posta {model} kullanılarak oluşturuldu.",
  "toast.successType": "{type} {model} kullanılarak oluşturuldu.",
  "toast.copied": "Metin panoya kopyalandı!",
  "toast.copiedTitle": "Kopyalandı",
  "toast.copyFailed": "Metin kopyalanamadı.",
  "toast.saveFailed": "Dosya hazırlanamadı. Lütfen tekrar deneyin.",
  "toast.editSaved": "Düzenlemeniz yeni bir sürüm olarak kaydedildi.",
  "toast.editFailed": "Düzenlemeniz kaydedilemedi.",
  "toastType.email": "E-posta",
  "toastType.article": "Makale",
  "toastType.essay": "Deneme",
  "toastType.story": "Hikâye",
  "toastType.letter": "Mektup",
  "toastType.blog": "Blog yazısı",
  "toastType.report": "Rapor",
  "toastType.review": "İnceleme",
  "toastType.proposal": "Teklif",
  "toastType.creative": "Yaratıcı metin",
  "toastModel.local": "bir şablon",
  "toastModel.llama": "yerel yapay zekâ modeli",
  "toastModel.localai": "yerel bir yapay zekâ modeli",
  "toastModel.aitextgenerator-smart-ai": "Akıllı Yapay Zekâ",
  "error.network": "Ağ hatası. Lütfen bağlantınızı kontrol edin.",
  "error.generationFailed": "E-posta oluşturulamadı: {message}",
  "error.generationFailedType": "{type} oluşturulamadı: {message}",
  "error.unknown": "Bilinmeyen bir hata oluştu. Lütfen tekrar deneyin.",
  "error.generic": "Metin oluşturulamadı. Lütfen tekrar deneyin.",
  "error.server": "Sunucu hatası: {status}",

  "writer.queued": "Yazar bekleniyor: sizden önce {count} metin var.",
  "writer.template.no-ai-writer":
    "Ücretsiz şablon taslak: bu sitede yapay zekâ yazarı kurulu değil. [Köşeli parantezleri] doldurun.",
  "writer.template.downloading":
    "Ücretsiz şablon taslak: yerel yazar hâlâ indiriliyor. [Köşeli parantezleri] doldurun.",
  "writer.template.loading":
    "Ücretsiz şablon taslak: yerel yazar hâlâ başlatılıyor. [Köşeli parantezleri] doldurun.",
  "writer.template.failed":
    "Ücretsiz şablon taslak: yerel yazar başlatılamadı. [Köşeli parantezleri] doldurun.",
  "writer.status.downloading":
    "Yerel yazar indiriliyor: %{percent}. O zamana kadar metinler ücretsiz şablon taslaklardır.",
  "writer.status.loading":
    "Yerel yazar başlatılıyor. O zamana kadar metinler ücretsiz şablon taslaklardır.",
  "writer.status.template":
    "Yapay zekâ yazarı kurulu değil: metinler doldurulacak ücretsiz şablon taslaklardır.",
  "notice.ai.title": "Yapay zekâ ile üretilmiş içerik.",
  "notice.ai.body":
    "Metinler yapay zekâ tarafından yazılır ve hatalar ya da yanlış bilgiler içerebilir. Lütfen her metni göndermeden, teslim etmeden ya da yayımlamadan önce gözden geçirin.",
  "notice.template.title": "Şablon taslak.",
  "notice.template.body":
    "Bu metni yapay zekâ yazmadı: doldurulacak bir şablondur. Her [köşeli parantezi] kendi sözlerinizle değiştirin, en üstteki isteği silin ve metni göndermeden, teslim etmeden ya da yayımlamadan önce gözden geçirin.",

  "result.heading": "Metniniz",
  "result.placeholder": "Oluşturduğunuz metin burada görünecek.",
  "result.words.one": "{count} kelime",
  "result.words.other": "{count} kelime",
  "result.stop": "Durdur",
  "badge.local": "Şablon taslak",
  "badge.localai": "Yerel Yapay Zekâ",
  "badge.llama": "Yerel Yapay Zekâ · {model}",
  "badge.stopped": "Durduruldu",
  "badge.interrupted": "Yarım kaldı",
  "badge.aitextgenerator-advanced-ai": "Gelişmiş Yapay Zekâ",
  "badge.aitextgenerator-smart-ai": "Akıllı Yapay Zekâ",
  "badge.ai": "Yapay Zekâ",
  "actions.copy": "Kopyala",
  "actions.download": "İndir",
  "actions.downloadAs": ".{format} olarak indir",
  "actions.print": "Yazdır",
  "desk.cost": "{credits} kredinizin {cost} kadarını kullanır",
  "desk.noCredits.guest": "Ücretsiz deneme sona erdi.",
  "desk.noCredits.unverified": "Haftalık 1.000 krediyi açmak için e-posta adresinizi doğrulayın.",
  "desk.noCredits.user": "Bu haftaki kredilerinizi kullandınız.",
  "desk.noCredits.more": "Seçeneklerinizi görün",
  "desk.retry": "Tekrar dene",
  "desk.stopped": "{words} kelimeden sonra durduruldu · {credits} kredi",
  "desk.interrupted":
    "Metin yazılırken bağlantı koptu. Gelen kısım burada duruyor; metnin tamamı metinlerinizle birlikte kaydedilir.",
  "desk.moreOptions": "Diğer seçenekler",
  "desk.shortcut": "Oluşturmak için Ctrl+Enter",
  "desk.regenerate": "Yeniden oluştur",
  "desk.edit": "Düzenle",
  "desk.editLabel": "Metni düzenleyin (Markdown). Ctrl+Enter kaydeder, Escape vazgeçer.",
  "desk.saveEdit": "Kaydet",
  "desk.cancelEdit": "Vazgeç",
  "desk.refine": "İyileştir",
  "desk.refine.shorter": "Daha kısa",
  "desk.refine.longer": "Daha uzun",
  "desk.refine.formal": "Daha resmî",
  "desk.refine.friendlier": "Daha samimi",
  "desk.refine.translate": "Çevir…",
  "desk.refine.translateTo": "Çevrilecek dil",
  "desk.refine.translateButton": "Çevir",
  "desk.version": "Sürüm {index} / {count}",
  "desk.versionShort": "{index}/{count}",
  "desk.previousVersion": "Önceki sürüm",
  "desk.nextVersion": "Sonraki sürüm",
  "version.original": "Özgün",
  "version.regenerated": "Yeniden oluşturuldu",
  "version.shorter": "Daha kısa",
  "version.longer": "Daha uzun",
  "version.formal": "Daha resmî",
  "version.friendlier": "Daha samimi",
  "version.translate": "{language} çevirisi",
  "version.edited": "Düzenlendi",

  "card.loadFailed": "Kredileriniz yüklenemedi.",
  "card.balance": "{count} kredi",
  "card.textsLeft.one": "{count} metin hakkı kaldı",
  "card.textsLeft.other": "{count} metin hakkı kaldı",
  "card.resetsSoon": "Yakında yenilenir",
  "card.resetsIn.one": "{count} gün içinde yenilenir",
  "card.resetsIn.other": "{count} gün içinde yenilenir",
  "card.needMore": "Daha fazlası mı gerekiyor? {link}.",
  "card.earnLink": "Kısa reklamlar izleyerek kredi kazanın",
  "package.guest": "Misafir Denemesi",
  "package.free": "Ücretsiz",

  "verify.required": "E-posta doğrulaması gerekli",
  "verify.loginBody":
    "Haftalık kredilerinizi almak için lütfen e-posta adresinizi doğrulayın. Doğrulanmamış hesaplar 24 saat sonra silinir.",
  "verify.continue": "Oluşturucuya devam et",
  "verify.resend": "Doğrulama e-postasını yeniden gönder",
  "verify.sending": "Gönderiliyor...",
  "verify.sent": "Doğrulama e-postası gönderildi",
  "verify.sentBody": "Doğrulama e-postası gönderildi. Lütfen gelen kutunuzu kontrol edin.",
  "verify.sendFailed": "E-posta gönderilirken bir hata oluştu.",
  "reminder.title": "E-postanızı doğrulayın",
  "reminder.body":
    "{email} adresine bir doğrulama bağlantısı gönderdik. Hesabınızı korumak ve her hafta 1.000 kredi almak için 24 saat içinde doğrulayın; doğrulanmamış hesaplar otomatik olarak silinir.",
  "reminder.remaining": "{hours} sa {minutes} dk kaldı",
  "reminder.expired": "Hesabın süresi doldu",
  "reminder.later": "Daha sonra hatırlat",

  "history.search": "Metinlerinizde arayın",
  "history.searchPlaceholder": "Konu ve metinde ara",
  "history.type": "Tür",
  "history.allTypes": "Tüm türler",
  "history.allLanguages": "Tüm diller",
  "history.loading": "Yazılarınız yükleniyor...",
  "history.loadFailed": "Yazılarınız yüklenemedi.",
  "history.noMatch": "Aramanızla eşleşen metin yok.",
  "history.empty": "Henüz hiç yazınız yok.",
  "history.count.one": "{count} metin",
  "history.count.other": "{count} metin",
  "history.subject": "Konu",
  "history.date": "Tarih",
  "history.actions": "İşlemler",
  "history.open": "Aç",
  "history.openNamed": '"{subject}" metnini aç',
  "history.copyNamed": '"{subject}" metnini kopyala',
  "history.delete": "Sil",
  "history.deleteNamed": '"{subject}" metnini sil',
  "history.list": "Metinleriniz",
  "history.pages": "Sayfalar",
  "history.previous": "Önceki",
  "history.next": "Sonraki",
  "history.page": "Sayfa {page} / {pages}",
  "history.reuse": "Bu istemi yeniden kullan",
  "history.deleteTitle": "Bu metin silinsin mi?",
  "history.deleteBody": '"{subject}" geçmişinizden kaldırılacak. Bu işlem geri alınamaz.',
  "history.deleting": "Siliniyor...",
  "history.deleted": "Metin başarıyla silindi",
  "history.deleteFailed": "Metin silinirken bir hata oluştu.",

  "credits.heading": "Krediler",
  "credits.loading": "Kredi durumu yükleniyor...",
  "credits.loginPrompt": "Kredi kazanmak için lütfen giriş yapın.",
  "credits.balance.one": "{credits} kredi • {rights} kullanım hakkı",
  "credits.balance.other": "{credits} kredi • {rights} kullanım hakkı",
  "credits.verifyBody":
    "Reklam izleyerek kredi kazanmak ve her hafta 1.000 kredi almak için e-posta adresinizi doğrulayın.",
  "credits.comingSoon": "Yakında",
  "credits.daily.heading": "Günlük Giriş",
  "credits.daily.reward": "Günde +50 kredi",
  "credits.daily.body": "Bonus kredi toplamak için her gün giriş yapın.",
  "credits.refer.heading": "Arkadaşlarını Davet Et",
  "credits.refer.reward": "Davet başına +500 kredi",
  "credits.refer.body": "Arkadaşlarınızı davet edin, katıldıklarında kredi kazanın.",
  "credits.how.heading": "Nasıl çalışır",
  "credits.how.cost": "Her metin 100 kredi tutar.",
  "credits.how.weekly":
    "Doğrulanmış hesaplar her pazartesi 00:00 UTC'de 1.000 kredi alır; bunun üzerinde kazandığınız krediler korunur.",
  "credits.how.ads": "Günde en fazla {count} kez kısa bir reklam izleyerek 100 kredi kazanın.",
  "credits.how.refund": "Bir metin oluşturulamazsa kredileri otomatik olarak iade edilir.",
  "activity.heading": "Kredi hareketleri",
  "activity.loading": "Hareketler yükleniyor...",
  "activity.empty": "Henüz kredi hareketi yok.",
  "activity.newer": "Daha yeni",
  "activity.older": "Daha eski",
  "activity.generatedKind": "Metin oluşturuldu: {kind}",
  "activity.signup_grant": "Hoş geldin kredisi",
  "activity.verification_top_up": "E-posta doğrulandı",
  "activity.weekly_grant": "Haftalık krediler",
  "activity.guest_trial": "Ücretsiz deneme",
  "activity.generation": "Metin oluşturuldu",
  "activity.refund": "İade",
  "activity.ad_reward": "Reklam izlendi",

  "profile.heading": "Hesabım",
  "profile.details": "Hesap bilgileri",
  "profile.email": "E-posta",
  "profile.name": "Ad",
  "profile.status": "Durum",
  "profile.verified": "Doğrulandı",
  "profile.notVerified": "Doğrulanmadı",
  "profile.memberSince": "Üyelik tarihi",
  "profile.history": "Yazılarım",
  "profile.loggingOut": "Çıkış yapılıyor...",

  "auth.login.heading": "Giriş Yap",
  "auth.login.intro": "Tekrar hoş geldiniz. Yazmaya devam etmek için giriş yapın.",
  "auth.login.elsewhere": "Hesabınız yok mu?",
  "auth.register.heading": "Hesap Oluşturun",
  "auth.register.intro":
    "Sonsuza dek ücretsiz: e-postanızı doğruladığınızda her hafta 1.000 kredi.",
  "auth.register.elsewhere": "Zaten hesabınız var mı?",
  "auth.forgot.heading": "Şifremi Unuttum",
  "auth.forgot.intro":
    "E-posta adresinizi girin, şifrenizi sıfırlamanız için size bir bağlantı gönderelim.",
  "auth.forgot.elsewhere": "Hatırladınız mı?",
  "auth.reset.heading": "Şifreyi Sıfırla",
  "auth.reset.intro": "Hesabınız için yeni bir şifre seçin.",
  "auth.email": "E-posta",
  "auth.password": "Şifre",
  "auth.newPassword": "Yeni şifre",
  "auth.confirmPassword": "Şifreyi onaylayın",
  "auth.confirmNewPassword": "Yeni şifreyi onaylayın",
  "auth.passwordHint": "En az 6 karakter; 8 veya daha fazlası daha güvenlidir.",
  "auth.name": "Ad (isteğe bağlı)",
  "auth.login": "Giriş Yap",
  "auth.loggingIn": "Giriş yapılıyor...",
  "auth.forgotLink": "Şifrenizi mi unuttunuz?",
  "auth.loginError": "Giriş Hatası",
  "auth.unexpected": "Beklenmeyen bir hata oluştu. Lütfen daha sonra tekrar deneyin.",
  "auth.loginSuccess": "Giriş Başarılı",
  "auth.welcomeBack": "Tekrar hoş geldiniz!",
  "auth.signedIn": "Giriş yapıldı",
  "auth.readyToWrite": "Yazmaya hazırsınız.",
  "auth.createAccount": "Hesap Oluştur",
  "auth.creatingAccount": "Hesap oluşturuluyor...",
  "auth.registerError": "Kayıt Hatası",
  "auth.registerUnexpected": "Beklenmeyen bir hata oluştu",
  "auth.registered": "Kayıt Başarılı",
  "auth.registeredBody":
    "Kayıt başarılı. Hesabınızı doğrulamak için lütfen e-postanızı kontrol edin.",
  "auth.pleaseLogIn": "Devam etmek için lütfen giriş yapın.",
  "auth.emailVerified": "E-posta Doğrulandı",
  "auth.emailVerifiedBody": "E-posta adresiniz doğrulandı. Haftalık kredileriniz hazır.",
  "auth.verificationError": "Doğrulama Hatası",
  "auth.verificationErrorBody": "Bu doğrulama bağlantısı geçersiz veya süresi dolmuş.",
  "auth.somethingWrong": "Bir şeyler ters gitti.",
  "auth.checkEmail": "E-postanızı kontrol edin",
  "auth.resetSent":
    "Bu e-posta adresine ait bir hesap varsa, ona bir şifre sıfırlama bağlantısı gönderdik.",
  "auth.sentTo":
    "Bağlantıyı {email} adresine gönderdik. Bağlantı bir kez çalışır ve 24 saat sonra geçerliliğini yitirir.",
  "auth.backToLogin": "Girişe dön",
  "auth.sendLink": "Sıfırlama Bağlantısı Gönder",
  "auth.sending": "Gönderiliyor...",
  "auth.toHome": "Ana sayfaya yönlendiriliyorsunuz...",
  "auth.passwordUpdated": "Şifre güncellendi",
  "auth.passwordUpdatedBody":
    "Şifreniz sıfırlandı ve tüm cihazlarda oturumunuz kapatıldı. Yeni şifrenizle giriş yapın.",
  "auth.goToLogin": "Girişe Git",
  "auth.resetPassword": "Şifreyi Sıfırla",
  "auth.saving": "Kaydediliyor...",
  "auth.resetError": "Şifre Sıfırlama Hatası",
};

const catalogs = { en, tr } as const;

/** The interface's language for a selected output language: Turkish or English. */
export function uiLocale(language: string): "tr" | "en" {
  return language === "turkish" ? "tr" : "en";
}

export function messagesFor(language: string): Record<MessageKey, string> {
  return catalogs[uiLocale(language)];
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
  return fill(language, messagesFor(language)[key], values);
}

function fill(language: string, template: string, values: Record<string, string | number>) {
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
 * for the other types; all Turkish when Turkish is selected, the writer's name too.
 */
export function successToastTitle(
  language: string,
  contentType: string,
  modelUsed: string,
): string {
  const modelKey = TOAST_MODEL_KEYS[modelUsed];
  const model = modelKey ? translate(language, modelKey) : modelBadge(language, modelUsed);
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

/** The English messages the server answers with, each to its key. */
const SHARED_MESSAGES = new Map(
  (Object.entries(en) as [MessageKey, string][])
    .filter(([key]) => key.startsWith("validation.") || key.startsWith("failure."))
    .map(([key, text]) => [text, key]),
);

/**
 * A message of the shared schemas or the server (src/lib/shared) in the interface's
 * language; any other text as it is.
 */
export function wordMessage(language: string, message: string): string {
  const key = SHARED_MESSAGES.get(message);
  return key ? translate(language, key) : message;
}

/** A failed API answer's body, as the server sends it (DESIGN §8). */
export interface FailureBody {
  message?: string;
  code?: string;
  fieldErrors?: Record<string, string[] | undefined>;
  retryAfter?: unknown;
}

/**
 * What a failed answer says, in the interface's language: English shows the server's own
 * message; Turkish words it by the shared message it carries, else by its `code`, else
 * `fallback`.
 */
export function describeFailure(
  language: string,
  body: FailureBody,
  fallback: MessageKey = "error.unknown",
): string {
  const message = body.message?.trim();
  if (uiLocale(language) === "en") return message || translate(language, fallback);
  if (message && SHARED_MESSAGES.has(message)) return wordMessage(language, message);
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

/** Field errors of a failed answer or a failed check, each worded. */
export function wordFieldErrors(
  language: string,
  errors: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, wordMessage(language, message)]),
  );
}

/** Where a version of a text came from: a first answer, Regenerate, a refinement, an edit. */
export interface VersionOrigin {
  /** A refinement's action, or "edited". */
  refinement?: string | null;
  variant?: number | null;
  /** The version's own language (a translation's target). */
  language?: string | null;
}

const VERSION_KEYS: Record<string, MessageKey> = {
  shorter: "version.shorter",
  longer: "version.longer",
  formal: "version.formal",
  friendlier: "version.friendlier",
  edited: "version.edited",
};

/** "Original", "Regenerated", "Shorter", …, "Translated into French", "Edited". */
export function versionLabel(uiLanguage: string, origin: VersionOrigin): string {
  const { refinement, variant, language } = origin;
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
