/**
 * /write's search box: as the visitor types, only the use cases whose words (name, summary
 * and category, in English and Turkish) hold every typed word stay listed; a category with
 * none left hides, and a line says when nothing matches. The box is rendered invisible, its
 * place kept so that nothing moves when it shows, and shown here: without JavaScript the whole
 * list is there and no search box that does nothing.
 */
export function initUseCaseFilter(): void {
  const input = document.querySelector<HTMLInputElement>("[data-use-case-search]");
  const noMatch = document.querySelector<HTMLElement>("[data-no-match]");
  if (!input || !noMatch) return;
  input.closest<HTMLElement>("[data-use-case-search-box]")!.classList.remove("invisible");
  const categories = [...document.querySelectorAll<HTMLElement>("[data-use-case-category]")].map(
    (section) => ({
      section,
      items: [...section.querySelectorAll<HTMLElement>("[data-search]")].map((item) => ({
        item,
        words: foldForSearch(item.dataset.search ?? ""),
      })),
    }),
  );
  const filter = () => {
    const wanted = foldForSearch(input.value).split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const { section, items } of categories) {
      let left = 0;
      for (const { item, words } of items) {
        const match = wanted.every((word) => words.includes(word));
        item.hidden = !match;
        if (match) left++;
      }
      section.hidden = left === 0;
      shown += left;
    }
    noMatch.hidden = shown > 0;
  };
  input.addEventListener("input", filter);
  // A value the browser restored (back to the page) filters as typed text does.
  if (input.value) filter();
}

/**
 * Text as the search compares it: lower case, without accents, Turkish "ı" and "i" alike,
 * so that "cafe" finds "Café" and "dugun" finds "düğün".
 */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/ı/g, "i");
}
