import { escapeHtml } from "#server/escape-html.ts";
import { DEFAULT_PLAN, PLAN_SLOT, unknownPlanSlots, type ShownPlanNumber } from "#shared/plan.ts";

/**
 * Copy that states the plan's numbers as slots (`{weeklyAllowance}`), written at build with
 * the defaults (decision 071). The HTML marks each number `data-plan`, and the credit store
 * writes the plan in force there once the status has loaded; the plain text (JSON-LD, what
 * search engines read) states the defaults.
 */

function checked(text: string): string {
  const unknown = unknownPlanSlots(text);
  if (unknown.length > 0) {
    throw new Error(`{${unknown.join("}, {")}} names no number of the plan: ${text}`);
  }
  return text;
}

function defaultOf(name: string): string {
  return String(DEFAULT_PLAN[name as ShownPlanNumber]);
}

/** The text with the default numbers, as plain text. */
export function planText(text: string): string {
  return checked(text).replace(PLAN_SLOT, (_, name: string) => defaultOf(name));
}

/** The text as HTML: escaped, each number in `<span data-plan="name">`. */
export function planHtml(text: string): string {
  return checked(text)
    .split(PLAN_SLOT)
    .map((part, index) =>
      index % 2 === 0
        ? escapeHtml(part)
        : `<span data-plan="${part}">${escapeHtml(defaultOf(part))}</span>`,
    )
    .join("");
}
