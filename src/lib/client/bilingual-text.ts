import { LANGUAGE_CHANGE_EVENT, LANGUAGE_KEY, storedLanguage } from "./chosen-language.ts";

/**
 * Content in both languages (a use case's name, its example, its questions), where the
 * catalog has no key for it: the element holds its English, and as its first child a
 * `<template>` with its Turkish, which the browser neither shows nor reads out. Built in
 * English like every page (decision 068), it shows the Turkish when Turkish is the chosen
 * language, and back, as the catalog's `data-i18n` words do. Bilingual.astro writes them.
 */
export function initBilingualText(): void {
  const english = new Map<HTMLElement, Node[]>();
  const turkish = new Map<HTMLElement, Node[]>();
  let shown: "en" | "tr" = "en";
  const apply = () => {
    const wanted = storedLanguage() === "turkish" ? "tr" : "en";
    if (wanted === shown) return;
    for (const element of document.querySelectorAll<HTMLElement>("[data-bilingual]")) {
      const template = element.firstElementChild;
      if (!(template instanceof HTMLTemplateElement)) continue;
      if (!english.has(element)) {
        english.set(
          element,
          [...element.childNodes].filter((node) => node !== template),
        );
        turkish.set(element, [...template.content.cloneNode(true).childNodes]);
      }
      element.replaceChildren(template, ...(wanted === "tr" ? turkish : english).get(element)!);
      if (wanted === "tr") element.lang = "tr";
      else element.removeAttribute("lang");
    }
    shown = wanted;
  };
  apply();
  window.addEventListener(LANGUAGE_CHANGE_EVENT, apply);
  window.addEventListener("storage", (event) => {
    if (event.key === LANGUAGE_KEY || event.key === null) apply();
  });
}
