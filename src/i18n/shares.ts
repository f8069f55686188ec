import { catalog } from "./catalog.ts";

/**
 * Share links (issue 28, item 3): the public page's words, the result's Share action and
 * dialog, and the owner's list on the profile. A namespace of its own: the page is built
 * on the server, and the dialog and the list load on first use.
 */
export const shareWords = catalog(
  {
    "share.pageTitle": "A shared text",
    "share.pageDescription": "A text written with AI Text Generator and shared by its writer.",
    "share.heading": "A shared text",
    "share.headingUseCase": "A shared text: {name}",
    "share.writeLikeThis": "Write one like this",
    "share.writeYourOwn": "Write your own text",
    "share.madeWith": "Written with AI Text Generator.",
    "share.button": "Share",
    "share.dialogTitle": "Share this version",
    "share.making": "Making a link…",
    "share.ready": "Anyone with this link can read this version, and nothing else of yours.",
    "share.linkLabel": "Link to this version",
    "share.copy": "Copy link",
    "share.copied": "Link copied.",
    "share.close": "Close",
    "share.failed": "The link could not be made. Please try again.",
    "share.notFinished": "Only a finished text can be shared.",
    "share.notFound": "That text was not found.",
    "share.verify": "Verify your email address to share your texts.",
    "share.tooMany": "You have made many links in a short time. Please try again later.",
    "share.listHeading": "Shared links",
    "share.listEmpty": "You have not shared any text.",
    "share.listLoadFailed": "Your shared links could not be loaded.",
    "share.retry": "Try again",
    "share.sharedOn": "Shared {date}",
    "share.open": "Open",
    "share.revoke": "Revoke",
    "share.revokeLabel": "Revoke the link to {title}",
    "share.revoked": "The link has been revoked.",
    "share.revokeFailed": "The link could not be revoked. Please try again.",
    "share.console.intro":
      "Paste a share link to take it down: it is a 404 page at once, for everyone.",
    "share.console.link": "Share link",
    "share.console.takeDown": "Take down",
    "share.console.invalid": "This is not a share link (…/s/ and 22 letters, digits, - or _).",
  },
  {
    "share.pageTitle": "Paylaşılan bir metin",
    "share.pageDescription": "AI Text Generator ile yazılmış ve yazarının paylaştığı bir metin.",
    "share.heading": "Paylaşılan bir metin",
    "share.headingUseCase": "Paylaşılan bir metin: {name}",
    "share.writeLikeThis": "Buna benzer bir tane yaz",
    "share.writeYourOwn": "Kendi metnini yaz",
    "share.madeWith": "AI Text Generator ile yazıldı.",
    "share.button": "Paylaş",
    "share.dialogTitle": "Bu sürümü paylaş",
    "share.making": "Bağlantı hazırlanıyor…",
    "share.ready":
      "Bu bağlantıya sahip herkes bu sürümü okuyabilir, sizinle ilgili başka hiçbir şeyi göremez.",
    "share.linkLabel": "Bu sürümün bağlantısı",
    "share.copy": "Bağlantıyı kopyala",
    "share.copied": "Bağlantı kopyalandı.",
    "share.close": "Kapat",
    "share.failed": "Bağlantı oluşturulamadı. Lütfen yeniden deneyin.",
    "share.notFinished": "Yalnızca tamamlanmış bir metin paylaşılabilir.",
    "share.notFound": "Bu metin bulunamadı.",
    "share.verify": "Metinlerinizi paylaşmak için e-posta adresinizi doğrulayın.",
    "share.tooMany":
      "Kısa sürede çok sayıda bağlantı oluşturdunuz. Lütfen daha sonra yeniden deneyin.",
    "share.listHeading": "Paylaşılan bağlantılar",
    "share.listEmpty": "Henüz hiçbir metin paylaşmadınız.",
    "share.listLoadFailed": "Paylaşılan bağlantılarınız yüklenemedi.",
    "share.retry": "Yeniden dene",
    "share.sharedOn": "Paylaşıldı: {date}",
    "share.open": "Aç",
    "share.revoke": "Geri al",
    "share.revokeLabel": "{title} bağlantısını geri al",
    "share.revoked": "Bağlantı geri alındı.",
    "share.revokeFailed": "Bağlantı geri alınamadı. Lütfen yeniden deneyin.",
    "share.console.intro":
      "Kaldırmak için bir paylaşım bağlantısı yapıştırın: herkes için hemen 404 sayfası olur.",
    "share.console.link": "Paylaşım bağlantısı",
    "share.console.takeDown": "Kaldır",
    "share.console.invalid":
      "Bu bir paylaşım bağlantısı değil (…/s/ ve 22 harf, rakam, - ya da _).",
  },
);

export type ShareWordKey = keyof typeof shareWords.en;
