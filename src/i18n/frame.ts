import { COMPANY } from "#shared/site.ts";
import { catalog } from "./catalog.ts";

/**
 * The site frame's part of the catalog (header, footer, skip link). It is a file of its own
 * because every page loads it, content pages too, whose JavaScript must stay small
 * (DESIGN §11); `messages.ts` holds it with the rest of the catalog.
 */
const frameEn = {
  "frame.skip": "Skip to content",
  "frame.mainNav": "Main",
  "frame.footerNav": "Footer",
  "frame.themeToDark": "Switch to dark theme",
  "frame.themeToLight": "Switch to light theme",
  "frame.switchTheme": "Switch theme",
  "frame.openMenu": "Open menu",
  "frame.closeMenu": "Close menu",
  "frame.rights": `by ${COMPANY}. All rights reserved.`,
  "frame.loggedOut": "Logged Out",
  "nav.home": "Home",
  "nav.write": "Use cases",
  "nav.about": "About Us",
  "nav.contact": "Contact",
  "nav.privacy": "Privacy Policy",
  "nav.terms": "Terms of Service",
  "nav.profile": "Profile",
  "nav.credits": "Credits",
  "nav.console": "Console",
  "nav.logout": "Logout",
  "nav.login": "Login",
  "nav.register": "Register",
} as const;

const frameTr: Record<keyof typeof frameEn, string> = {
  "frame.skip": "İçeriğe geç",
  "frame.mainNav": "Ana menü",
  "frame.footerNav": "Alt bilgi",
  "frame.themeToDark": "Koyu temaya geç",
  "frame.themeToLight": "Açık temaya geç",
  "frame.switchTheme": "Temayı değiştir",
  "frame.openMenu": "Menüyü aç",
  "frame.closeMenu": "Menüyü kapat",
  "frame.rights": `${COMPANY} tarafından. Tüm hakları saklıdır.`,
  "frame.loggedOut": "Çıkış Yapıldı",
  "nav.home": "Ana Sayfa",
  "nav.write": "Kullanım alanları",
  "nav.about": "Hakkımızda",
  "nav.contact": "İletişim",
  "nav.privacy": "Gizlilik Politikası",
  "nav.terms": "Hizmet Şartları",
  "nav.profile": "Profil",
  "nav.credits": "Krediler",
  "nav.console": "Konsol",
  "nav.logout": "Çıkış Yap",
  "nav.login": "Giriş Yap",
  "nav.register": "Kayıt Ol",
};

export const frameWords = catalog(frameEn, frameTr);

export type FrameKey = keyof typeof frameEn;
