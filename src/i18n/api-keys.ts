import type { FailedAnswer } from "#shared/api/failures.ts";
import { API_KEY_FAILURES, isApiKeyFailureReason } from "#shared/api-keys.ts";
import { failureMessages } from "#shared/failures.ts";
import { catalog } from "./catalog.ts";
import { describeFailure } from "./wording.ts";

/**
 * The profile's API keys section (issue 29), in English and Turkish, with the failures met
 * only there: a namespace of its own, since only the profile loads it.
 */
const apiKeysEn = {
  "apiKeys.heading": "API keys",
  "apiKeys.intro":
    "Call the writer from your own scripts: send a key as Authorization: Bearer <key>. A key can write texts and read your history and templates, nothing else of your account.",
  "apiKeys.verifyFirst": "Verify your email address to create API keys.",
  "apiKeys.nameLabel": "Key name",
  "apiKeys.create": "Create key",
  "apiKeys.creating": "Creating…",
  "apiKeys.newKeyHeading": "Your new key “{name}”",
  "apiKeys.newKeyWarning": "Copy this key now. It will not be shown again.",
  "apiKeys.newKeyLabel": "API key",
  "apiKeys.copy": "Copy key",
  "apiKeys.copied": "Key copied.",
  "apiKeys.copyFailed": "The key could not be copied. Select it and copy it yourself.",
  "apiKeys.done": "I have copied it",
  "apiKeys.listEmpty": "You have no API keys.",
  "apiKeys.listLoadFailed": "Your API keys could not be loaded.",
  "apiKeys.retry": "Try again",
  "apiKeys.createdOn": "Created {date}",
  "apiKeys.lastUsed": "Last used {date}",
  "apiKeys.neverUsed": "Never used",
  "apiKeys.revoke": "Revoke",
  "apiKeys.revokeLabel": "Revoke the key {name}",
  "apiKeys.revoked": "The key has been revoked. Requests with it are refused.",
  "apiKeys.revokeFailed": "The key could not be revoked. Please try again.",
  "apiKeys.createFailed": "The key could not be created. Please try again.",
  ...failureMessages(API_KEY_FAILURES),
};

export const apiKeyWords = catalog(apiKeysEn, {
  "apiKeys.heading": "API anahtarları",
  "apiKeys.intro":
    "Yazarı kendi betiklerinizden çağırın: anahtarı Authorization: Bearer <anahtar> olarak gönderin. Bir anahtar metin yazabilir, geçmişinizi ve şablonlarınızı okuyabilir; hesabınızın başka hiçbir şeyine erişemez.",
  "apiKeys.verifyFirst": "API anahtarı oluşturmak için e-posta adresinizi doğrulayın.",
  "apiKeys.nameLabel": "Anahtar adı",
  "apiKeys.create": "Anahtar oluştur",
  "apiKeys.creating": "Oluşturuluyor…",
  "apiKeys.newKeyHeading": "Yeni anahtarınız “{name}”",
  "apiKeys.newKeyWarning": "Bu anahtarı şimdi kopyalayın. Bir daha gösterilmeyecek.",
  "apiKeys.newKeyLabel": "API anahtarı",
  "apiKeys.copy": "Anahtarı kopyala",
  "apiKeys.copied": "Anahtar kopyalandı.",
  "apiKeys.copyFailed": "Anahtar kopyalanamadı. Seçip kendiniz kopyalayın.",
  "apiKeys.done": "Kopyaladım",
  "apiKeys.listEmpty": "Hiç API anahtarınız yok.",
  "apiKeys.listLoadFailed": "API anahtarlarınız yüklenemedi.",
  "apiKeys.retry": "Yeniden dene",
  "apiKeys.createdOn": "Oluşturuldu: {date}",
  "apiKeys.lastUsed": "Son kullanım: {date}",
  "apiKeys.neverUsed": "Hiç kullanılmadı",
  "apiKeys.revoke": "İptal et",
  "apiKeys.revokeLabel": "{name} anahtarını iptal et",
  "apiKeys.revoked": "Anahtar iptal edildi. Onunla gelen istekler reddedilir.",
  "apiKeys.revokeFailed": "Anahtar iptal edilemedi. Lütfen yeniden deneyin.",
  "apiKeys.createFailed": "Anahtar oluşturulamadı. Lütfen yeniden deneyin.",
  "failure.apiKeyNameMissing": "Lütfen anahtara bir ad verin.",
  "failure.apiKeyNameTooLong": "Lütfen anahtarın adını 60 karakterin altında tutun.",
  "failure.apiKeyLimit":
    "En fazla 10 API anahtarınız olabilir. Yenisini eklemek için birini iptal edin.",
  "failure.apiKeyUnverified": "API anahtarı oluşturmak için e-posta adresinizi doğrulayın.",
  "failure.apiKeyNotFound": "Bu API anahtarı bulunamadı.",
  "failure.apiKeyInvalid": "API anahtarı geçerli değil.",
  "failure.apiKeyNotAllowed":
    "API anahtarı burada kullanılamaz. Anahtarlar metin oluşturma, geçmiş ve şablonlarda çalışır.",
});

export type ApiKeyWordKey = keyof typeof apiKeysEn;

/** What a failed answer of the keys' says, in the interface's language. */
export function describeApiKeyFailure(language: string, body: FailedAnswer): string {
  if (isApiKeyFailureReason(body.reason)) {
    return apiKeyWords.translate(language, `failure.${body.reason}`);
  }
  const reason = body.fieldReasons?.name?.[0];
  if (isApiKeyFailureReason(reason)) return apiKeyWords.translate(language, `failure.${reason}`);
  return describeFailure(language, body, () =>
    apiKeyWords.translate(language, "apiKeys.createFailed"),
  );
}
