import { catalog } from "./catalog.ts";

/**
 * The credits page's words (spec §2): its balance, the ways to earn, how credits work, the
 * ad card and the credit activity, in English and Turkish. A file of its own because they
 * load with the credits page: the home page's JavaScript does without them (DESIGN §11).
 * Their Turkish is here, not loaded on demand, so the page's islands paint Turkish at once
 * (decision 099).
 */
const creditsEn = {
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
  "activity.byApiKey": "API key “{name}”",
  "ad.label": "Ad",
  "ad.sponsoredBy": "Sponsored by {sponsor}",
  "ad.newTab": "(opens in a new tab)",
  "ad.loading": "Loading the ad…",
  "ad.untitled": "Sponsored video",
  "ad.default.title": "Thank you for keeping AI Text Generator free",
  "ad.default.body":
    "The 100 credits you earn here pay for one more text: an email, a letter, an essay or a story, in any of ten languages.",
} as const;

const creditsTr: Record<keyof typeof creditsEn, string> = {
  "credits.heading": "Krediler",
  "credits.loading": "Kredi durumu yükleniyor...",
  "credits.loginPrompt": "Kredi kazanmak için lütfen giriş yapın.",
  "credits.balance.one": "{credits} kredi • {rights} kullanım hakkı",
  "credits.balance.other": "{credits} kredi • {rights} kullanım hakkı",
  "credits.verifyBody":
    "Reklam izleyerek kredi kazanmak ve her hafta 1.000 kredi almak için e-posta adresinizi doğrulayın.",
  "credits.comingSoon": "Yakında",
  "credits.ad.heading": "Reklam İzle",
  "credits.ad.reward": "+{credits} kredi",
  "credits.ad.body":
    "{seconds} saniyelik bir reklam izleyin, günde en fazla {count} kez. Bugün izlenen: {watched}/{perDay}.",
  "credits.ad.watch": "Reklam İzle",
  "credits.ad.verify": "E-posta Doğrulaması Gerekli",
  "credits.ad.watching": "İzleniyor... {seconds} sn",
  "credits.ad.limit": "Günlük sınıra ulaşıldı",
  "credits.ad.wait": "Lütfen bekleyin...",
  "credits.ad.progress": "Reklam ilerlemesi",
  "credits.ad.earned": "Kredi Kazanıldı!",
  "credits.ad.failed": "Reklam izlenemedi",
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
  "activity.operator_grant": "Destekten gelen krediler",
  "activity.operator_take_back": "Destek tarafından geri alınan krediler",
  "activity.ad_reward": "Reklam izlendi",
  "activity.byApiKey": "API anahtarı “{name}”",
  "ad.label": "Reklam",
  "ad.sponsoredBy": "Sponsor: {sponsor}",
  "ad.newTab": "(yeni sekmede açılır)",
  "ad.loading": "Reklam yükleniyor…",
  "ad.untitled": "Sponsorlu video",
  "ad.default.title": "Yapay Zekâ Metin Oluşturucu'yu ücretsiz tuttuğunuz için teşekkürler",
  "ad.default.body":
    "Burada kazandığınız 100 kredi bir metin daha yazdırır: on dilden birinde bir e-posta, bir mektup, bir deneme ya da bir hikâye.",
};

export const creditsWords = catalog(creditsEn, creditsTr);
export type CreditsKey = keyof typeof creditsEn;
