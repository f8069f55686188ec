import { $prompt } from "#generator/state/desk.ts";
import { fieldElementId } from "./field-ids.ts";

/**
 * A use case's page is built with its form in the HTML (UseCaseFormFallback.astro): real
 * inputs, which a person on a slow phone types into before the island's script has run.
 * The island takes them over as it mounts (issue 27): what they hold, and the focus with its
 * caret. Their `name` is the field's id; the description's is its own element id, which no
 * field id can be (ids have no hyphen).
 */
const DESCRIPTION = "generator-prompt";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

let taken: { controls: Control[]; focused: Control | null } | null = null;

/**
 * What the server's form holds (field id → value), read in the island's first render, while
 * it is still on screen: React removes it as it shows its own. The description goes
 * straight to its store.
 */
export function takeServerForm(): Record<string, string> {
  // The shown language's copy of the form: the other one is hidden, never typed into.
  const controls = [...document.querySelectorAll<Control>("[data-server-form] [name]")].filter(
    (control) => control.getClientRects().length > 0,
  );
  if (controls.length === 0) return {};
  const focused = controls.find((control) => control === document.activeElement) ?? null;
  taken = { controls, focused };
  const values: Record<string, string> = {};
  for (const { name, value } of controls) {
    if (!value) continue;
    if (name === DESCRIPTION) $prompt.set(value);
    else values[name] = value;
  }
  return values;
}

/**
 * Once the island's form is in the page: what was typed while it rendered (a control out of
 * the page keeps its value), then the focus, on the same field with the same caret.
 */
export function carryOverServerForm(onChange: (id: string, value: string) => void): void {
  if (!taken) return;
  const { controls, focused } = taken;
  taken = null;
  const own = (control: Control) =>
    document.getElementById(
      control.name === DESCRIPTION ? DESCRIPTION : fieldElementId(control.name),
    ) as Control | null;
  for (const control of controls) {
    const mounted = own(control);
    if (!mounted || mounted.value === control.value) continue;
    if (control.name === DESCRIPTION) $prompt.set(control.value);
    else onChange(control.name, control.value);
  }
  if (!focused) return;
  const target = own(focused);
  target?.focus({ preventScroll: true });
  if (focused instanceof HTMLSelectElement || target instanceof HTMLSelectElement) return;
  target?.setSelectionRange(
    focused.selectionStart,
    focused.selectionEnd,
    focused.selectionDirection ?? undefined,
  );
}
