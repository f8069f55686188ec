import { LANGUAGES } from "#shared/generation.ts";
import { modelBadge } from "#shared/models.ts";

/**
 * UI text that switches to Turkish when Turkish is the selected output language
 * (DESIGN §7). Everything else on the site is English.
 */
const en = {
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
  "generator.validation.content": "Please describe the kind of text you want.",
  "generator.validation.language": "Please choose a language.",
  "generator.validation.contentType": "Please choose a content type.",
  "generator.emptyPrompt.title": "What should we write?",
  "generator.emptyPrompt.body":
    "Please describe the text you want, for example: an email to my landlord about the heating.",
  "toast.success": "Email generated using {model}.",
  "toast.copied": "Text copied to clipboard!",
  "toast.copyFailed": "Could not copy the text.",
  "toast.saveFailed": "Could not prepare the file. Please try again.",
  "error.network": "Network error. Please check your connection.",
  "error.generationFailed": "Email generation failed: {message}",
  "error.unknown": "An unknown error occurred. Please try again.",
  "error.generic": "Failed to generate text. Please try again.",
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
    "The local writer is being downloaded: {percent} %. Until then, texts are free template drafts.",
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
  "toast.successType": "{type} generated using {model}.",
  "error.generationFailedType": "{type} generation failed: {message}",
  "desk.cost": "Uses {cost} of your {credits} credits",
  "desk.noCredits.guest": "Your free trial has ended.",
  "desk.noCredits.unverified": "Verify your email to unlock 1000 weekly credits.",
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
  "toast.editSaved": "Your edit is saved as a new version.",
  "toast.editFailed": "Could not save your edit.",
  "desk.refine": "Refine",
  "desk.refine.shorter": "Shorter",
  "desk.refine.longer": "Longer",
  "desk.refine.formal": "More formal",
  "desk.refine.friendlier": "Friendlier",
  "desk.refine.translate": "Translate to…",
  "desk.refine.translateTo": "Language to translate into",
  "desk.refine.translateButton": "Translate",
  "desk.version": "Version {index} of {count}",
  "version.original": "Original",
  "version.regenerated": "Regenerated",
  "version.shorter": "Shorter",
  "version.longer": "Longer",
  "version.formal": "More formal",
  "version.friendlier": "Friendlier",
  "version.translate": "Translated into {language}",
  "version.edited": "Edited",
  "desk.previousVersion": "Previous version",
  "desk.nextVersion": "Next version",
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

const tr: Record<MessageKey, string> = {
  "creditDialog.guest.title": "Ücretsiz deneme sona erdi",
  "creditDialog.guest.body":
    "Ücretsiz deneme hakkınızı kullandınız. Yazmaya devam etmek için bir hesap oluşturun: kayıtlı kullanıcılar her hafta 1000 kredi alır.",
  "creditDialog.guest.register": "Kayıt Ol",
  "creditDialog.guest.login": "Giriş Yap",
  "creditDialog.user.title": "Haftalık limitinize ulaştınız",
  "creditDialog.user.body":
    "Bu haftaki kredilerinizi kullandınız. Krediler her pazartesi sabahı yenilenir. Kısa reklamlar izleyerek ek kredi de kazanabilirsiniz.",
  "creditDialog.user.ok": "Tamam",
  "creditDialog.user.earn": "Kredi kazan",
  "creditDialog.unverified.title": "Yazmaya devam etmek için e-postanızı doğrulayın",
  "creditDialog.unverified.body":
    "Doğrulanmamış hesabın kredilerini kullandınız. Haftalık 1000 krediyi açmak için e-posta adresinizi doğrulayın: size gönderdiğimiz bağlantıyı açın veya yenisini isteyin.",
  "generator.validation.content": "Lütfen ne tür bir metin istediğinizi yazın.",
  "generator.validation.language": "Lütfen bir dil seçin.",
  "generator.validation.contentType": "Lütfen bir içerik türü seçin.",
  "generator.emptyPrompt.title": "Ne yazalım?",
  "generator.emptyPrompt.body":
    "Lütfen nasıl bir metin istediğinizi yazın, örneğin: ev sahibime kalorifer hakkında bir e-posta.",
  "toast.success": "E-posta {model} kullanılarak oluşturuldu.",
  "toast.copied": "Metin panoya kopyalandı!",
  "toast.copyFailed": "Metin kopyalanamadı.",
  "toast.saveFailed": "Dosya hazırlanamadı. Lütfen tekrar deneyin.",
  "error.network": "Ağ hatası. Lütfen bağlantınızı kontrol edin.",
  "error.generationFailed": "E-posta oluşturulamadı: {message}",
  "error.unknown": "Bilinmeyen bir hata oluştu. Lütfen tekrar deneyin.",
  "error.generic": "Metin oluşturulamadı. Lütfen tekrar deneyin.",
  "writer.queued": "Yazar bekleniyor: sizden önce {count} metin var.",
  "writer.template.no-ai-writer":
    "Ücretsiz şablon taslak: bu sitede yapay zekâ yazarı kurulu değil. [Köşeli parantezleri] doldurun.",
  "writer.template.downloading":
    "Ücretsiz şablon taslak: yerel yazar hâlâ indiriliyor. [Köşeli parantezleri] doldurun.",
  "writer.template.loading":
    "Ücretsiz şablon taslak: yerel yazar hâlâ başlatılıyor. [Köşeli parantezleri] doldurun.",
  "writer.template.failed":
    "Ücretsiz şablon taslak: yerel yazar başlatılamadı. [Köşeli parantezleri] doldurun.",
  "writer.template.context-too-small":
    "Ücretsiz şablon taslak: yapılandırılan yerel modelin bağlamı çok küçük. [Köşeli parantezleri] doldurun.",
  "writer.status.downloading":
    "Yerel yazar indiriliyor: %{percent}. O zamana kadar metinler ücretsiz şablon taslaklardır.",
  "writer.status.loading":
    "Yerel yazar başlatılıyor. O zamana kadar metinler ücretsiz şablon taslaklardır.",
  "writer.status.context-too-small":
    "Yapılandırılan yerel modelin bağlamı çok küçük. Başka bir model kurulana kadar metinler ücretsiz şablon taslaklardır.",
  "writer.status.template":
    "Yapay zekâ yazarı kurulu değil: metinler doldurulacak ücretsiz şablon taslaklardır.",
  "notice.ai.title": "Yapay zekâ ile üretilmiş içerik.",
  "notice.ai.body":
    "Metinler yapay zekâ tarafından yazılır ve hatalar ya da yanlış bilgiler içerebilir. Lütfen her metni göndermeden, teslim etmeden ya da yayımlamadan önce gözden geçirin.",
  "notice.template.title": "Şablon taslak.",
  "notice.template.body":
    "Bu metni yapay zekâ yazmadı: doldurulacak bir şablondur. Her [köşeli parantezi] kendi sözlerinizle değiştirin, en üstteki isteği silin ve metni göndermeden, teslim etmeden ya da yayımlamadan önce gözden geçirin.",
  "toast.successType": "{type} {model} kullanılarak oluşturuldu.",
  "error.generationFailedType": "{type} oluşturulamadı: {message}",
  "desk.cost": "{credits} kredinizin {cost} kadarını kullanır",
  "desk.noCredits.guest": "Ücretsiz deneme sona erdi.",
  "desk.noCredits.unverified": "Haftalık 1000 krediyi açmak için e-posta adresinizi doğrulayın.",
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
  "toast.editSaved": "Düzenlemeniz yeni bir sürüm olarak kaydedildi.",
  "toast.editFailed": "Düzenlemeniz kaydedilemedi.",
  "desk.refine": "İyileştir",
  "desk.refine.shorter": "Daha kısa",
  "desk.refine.longer": "Daha uzun",
  "desk.refine.formal": "Daha resmî",
  "desk.refine.friendlier": "Daha samimi",
  "desk.refine.translate": "Çevir…",
  "desk.refine.translateTo": "Çevrilecek dil",
  "desk.refine.translateButton": "Çevir",
  "desk.version": "Sürüm {index} / {count}",
  "version.original": "Özgün",
  "version.regenerated": "Yeniden oluşturuldu",
  "version.shorter": "Daha kısa",
  "version.longer": "Daha uzun",
  "version.formal": "Daha resmî",
  "version.friendlier": "Daha samimi",
  "version.translate": "{language} çevirisi",
  "version.edited": "Düzenlendi",
  "desk.previousVersion": "Önceki sürüm",
  "desk.nextVersion": "Sonraki sürüm",
  "ad.label": "Reklam",
  "ad.sponsoredBy": "Sponsor: {sponsor}",
  "ad.newTab": "(yeni sekmede açılır)",
  "ad.loading": "Reklam yükleniyor…",
  "ad.untitled": "Sponsorlu video",
  "ad.default.title": "Yapay Zekâ Metin Oluşturucu'yu ücretsiz tuttuğunuz için teşekkürler",
  "ad.default.body":
    "Burada kazandığınız 100 kredi bir metin daha yazdırır: on dilden birinde bir e-posta, bir mektup, bir deneme ya da bir hikâye.",
};

const catalogs = { en, tr } as const;

export function messagesFor(language: string): Record<MessageKey, string> {
  return language === "turkish" ? catalogs.tr : catalogs.en;
}

export function translate(
  language: string,
  key: MessageKey,
  values: Record<string, string> = {},
): string {
  return messagesFor(language)[key].replace(
    /\{(\w+)\}/g,
    (match, name: string) => values[name] ?? match,
  );
}

/** Content type names for the success toast, in the UI language. */
const TYPE_NAMES: Record<"en" | "tr", Record<string, string>> = {
  en: {
    email: "Email",
    article: "Article",
    essay: "Essay",
    story: "Story",
    letter: "Letter",
    blog: "Blog post",
    report: "Report",
    review: "Review",
    proposal: "Proposal",
    creative: "Creative text",
  },
  tr: {
    email: "E-posta",
    article: "Makale",
    essay: "Deneme",
    story: "Hikâye",
    letter: "Mektup",
    blog: "Blog yazısı",
    report: "Rapor",
    review: "İnceleme",
    proposal: "Teklif",
    creative: "Yaratıcı metin",
  },
};

/** The writer's name in the success toast ("Email generated using Mistral AI."). */
const MODEL_NAMES: Record<"en" | "tr", Record<string, string>> = {
  en: {
    local: "a template",
    llama: "the local AI model",
    "mistral-ai": "Mistral AI",
    localai: "a local AI model",
    "aitextgenerator-ai": "AI Text Generator",
    "aitextgenerator-smart-ai": "Smart AI",
  },
  tr: {
    local: "bir şablon",
    llama: "yerel yapay zekâ modeli",
    "mistral-ai": "Mistral AI",
    localai: "yerel bir yapay zekâ modeli",
    "aitextgenerator-ai": "Yapay Zekâ Metin Oluşturucu",
    "aitextgenerator-smart-ai": "Akıllı Yapay Zekâ",
  },
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
  const catalog = language === "turkish" ? "tr" : "en";
  const model = MODEL_NAMES[catalog][modelUsed] ?? modelBadge(modelUsed);
  if (contentType === "email") return translate(language, "toast.success", { model });
  return translate(language, "toast.successType", { type: typeName(catalog, contentType), model });
}

function typeName(catalog: "en" | "tr", contentType: string): string {
  return TYPE_NAMES[catalog][contentType] ?? TYPE_NAMES[catalog].email!;
}

/** Spec §4's "Email generation failed: {message}" for e-mails, the text's own type otherwise. */
export function failureToastTitle(language: string, contentType: string, message: string): string {
  if (contentType === "email") return translate(language, "error.generationFailed", { message });
  const type = typeName(language === "turkish" ? "tr" : "en", contentType);
  return translate(language, "error.generationFailedType", { type, message });
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
    const names = new Intl.DisplayNames([uiLanguage === "turkish" ? "tr" : "en"], {
      type: "language",
    });
    const tag = LANGUAGES.find((entry) => entry.id === language)?.tag ?? "en";
    return translate(uiLanguage, "version.translate", { language: names.of(tag) ?? tag });
  }
  const key = refinement ? VERSION_KEYS[refinement] : undefined;
  if (key) return translate(uiLanguage, key);
  return translate(uiLanguage, (variant ?? 1) > 1 ? "version.regenerated" : "version.original");
}
