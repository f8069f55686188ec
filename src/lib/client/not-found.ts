import { pageInChosenLanguage } from "./chosen-language.ts";

/**
 * The 404 page is prerendered once, so the address the visitor asked for is filled in
 * here, and the report e-mail carries it.
 */
export function initNotFoundPage(): void {
  const requested = `${location.pathname}${location.search}`;
  const address = document.querySelector<HTMLElement>("[data-requested-address]");
  if (address) address.textContent = requested;

  const report = document.querySelector<HTMLAnchorElement>("[data-report-link]");
  if (report) {
    const url = new URL(report.href);
    url.searchParams.set("body", `The page ${location.href} could not be found.`);
    // mailto readers expect %20, not "+", for spaces.
    report.href = url.toString().replace(/\+/g, "%20");
  }

  document.querySelector("[data-go-back]")?.addEventListener("click", () => {
    if (history.length > 1) history.back();
    else location.assign(pageInChosenLanguage("/"));
  });
}
