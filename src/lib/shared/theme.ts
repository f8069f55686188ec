/**
 * Runs inline in <head> before first paint, so the page never flashes the wrong theme.
 * Stored values: "light", "dark" or "system" (default light, system preference honoured).
 * astro.config.ts adds this exact text's SHA-256 to the CSP, so edit it only here.
 */
export const THEME_STORAGE_KEY = "theme";

export const themeInitScript = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");var d=t==="dark"||(t==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);document.documentElement.style.colorScheme=d?"dark":"light"}catch(e){}})();`;
