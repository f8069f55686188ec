import { displayName } from "#shared/display-name.ts";
import { THEME_STORAGE_KEY } from "#shared/theme.ts";
import {
  applyInterfaceLanguage,
  chooseInterfaceLanguage,
  followOtherTabs,
  LANGUAGE_CHANGE_EVENT,
  LANGUAGE_KEY,
} from "./chosen-language.ts";
import { frameText, initFrameWords } from "./page-words.ts";
import { SIGNED_IN_EVENT, signOut } from "./session.ts";

type Theme = "light" | "dark";

/** Applies a theme with transitions suppressed for one frame (spec §4, Theme). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.add("theme-switching");
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  // Reading a layout property flushes the style change before transitions come back.
  void root.offsetHeight;
  requestAnimationFrame(() => root.classList.remove("theme-switching"));
}

function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

function labelThemeToggle(button: HTMLElement): void {
  const next = currentTheme() === "dark" ? "frame.themeToLight" : "frame.themeToDark";
  button.setAttribute("aria-label", frameText(next));
  button.title = frameText("frame.switchTheme");
}

function initThemeToggle(): void {
  for (const button of document.querySelectorAll<HTMLElement>("[data-theme-toggle]")) {
    labelThemeToggle(button);
    button.addEventListener("click", () => {
      const next: Theme = currentTheme() === "dark" ? "light" : "dark";
      applyTheme(next);
      try {
        localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // Storage can be unavailable (private mode); the theme still applies to this page.
      }
      labelThemeToggle(button);
    });
    window.addEventListener(LANGUAGE_CHANGE_EVENT, () => labelThemeToggle(button));
  }
}

function initMobileMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const menu = document.getElementById("mobile-menu");
  if (!toggle || !menu) return;
  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", frameText(open ? "frame.closeMenu" : "frame.openMenu"));
  };
  toggle.addEventListener("click", () => setOpen(menu.hidden !== false));
  menu.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) setOpen(false);
  });
  // A tap anywhere outside the menu and its button closes it, as on most phone sites.
  document.addEventListener("click", (event) => {
    const target = event.target as Node;
    if (!menu.hidden && !menu.contains(target) && !toggle.contains(target)) setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !menu.hidden) {
      setOpen(false);
      toggle.focus();
    }
  });
  // Returning to a wide screen hides the menu for good.
  matchMedia("(min-width: 768px)").addEventListener("change", (event) => {
    if (event.matches) setOpen(false);
  });
}

/** Prerendered pages carry their build year; the visitor sees the current one. */
function initFooterYear(): void {
  const year = String(new Date().getFullYear());
  for (const element of document.querySelectorAll<HTMLElement>("[data-current-year]")) {
    if (element.textContent !== year) element.textContent = year;
  }
}

function showSignedIn(user: { name: string | null; email: string; isOperator?: true }): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-auth="signed-out"]')) {
    element.hidden = true;
  }
  for (const element of document.querySelectorAll<HTMLElement>('[data-auth="signed-in"]')) {
    element.hidden = false;
  }
  for (const element of document.querySelectorAll<HTMLElement>('[data-auth="operator"]')) {
    element.hidden = !user.isOperator;
  }
  for (const element of document.querySelectorAll<HTMLElement>("[data-user-name]")) {
    element.textContent = displayName(user);
  }
}

/** Asks /api/auth/me who is visiting and shows the header that fits. */
async function syncAuthState(header: HTMLElement): Promise<void> {
  try {
    const response = await fetch("/api/auth/me", {
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
    if (!response.ok) return;
    const body = (await response.json()) as {
      user?: { name: string | null; email: string; isOperator?: true } | null;
    };
    if (body.user) showSignedIn(body.user);
    header.dataset.authState = body.user ? "signed-in" : "signed-out";
  } catch {
    // Offline or server down: the page stays usable, signed out.
  }
}

/**
 * Prerendered pages do not know who is visiting: the header asks /api/auth/me once and
 * switches to the signed-in links (spec §2). Server-rendered pages arrive already right,
 * until the sign-in form on this very page signs someone in.
 */
function initAuthState(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-logout]")) {
    button.addEventListener("click", () => {
      button.disabled = true;
      void signOut();
    });
  }
  const header = document.querySelector<HTMLElement>("[data-auth-state]");
  if (!header) return;
  window.addEventListener(SIGNED_IN_EVENT, () => void syncAuthState(header));
  if (header.dataset.authState === "unknown") void syncAuthState(header);
}

/**
 * The page follows a language chosen on it (the language switch, the form's language), or
 * in another tab unless its address names its language (decisions 068, 099).
 */
function followInterfaceLanguage(): void {
  followOtherTabs();
  window.addEventListener(LANGUAGE_CHANGE_EVENT, applyInterfaceLanguage);
  window.addEventListener("storage", (event) => {
    if (event.key === LANGUAGE_KEY || event.key === null) followOtherTabs();
  });
  // The switch of a page with one address: a page with two links to the other instead.
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-language-switch]")) {
    button.addEventListener("click", () =>
      chooseInterfaceLanguage(document.documentElement.lang === "tr" ? "en" : "tr"),
    );
  }
}

export function initSiteFrame(): void {
  followInterfaceLanguage();
  initFrameWords();
  initThemeToggle();
  initMobileMenu();
  initFooterYear();
  initAuthState();
}
