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
};

const catalogs = { en, tr } as const;

export function messagesFor(language: string): Record<MessageKey, string> {
  return language === "turkish" ? catalogs.tr : catalogs.en;
}

export function translate(language: string, key: MessageKey): string {
  return messagesFor(language)[key];
}
