import { THEME_STORAGE_KEY } from "../shared/theme.ts";

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
  const next = currentTheme() === "dark" ? "light" : "dark";
  button.setAttribute("aria-label", `Switch to ${next} theme`);
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
  }
}

function initMobileMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const menu = document.getElementById("mobile-menu");
  if (!toggle || !menu) return;
  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", open ? "Close menu" : "Open menu");
  };
  toggle.addEventListener("click", () => setOpen(menu.hidden !== false));
  menu.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) setOpen(false);
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

export function initSiteFrame(): void {
  initThemeToggle();
  initMobileMenu();
  initFooterYear();
}
