/**
 * The generator form on a use case's page (/write/<slug>): its fields' code loads before the
 * form mounts, so that the form's first render asks them and nothing below it moves (with
 * the code loaded after, the form showed without its fields for a few frames, then grew by
 * them: a layout shift of 0.1 on a phone). The home page loads that code only when a use
 * case is chosen.
 */
import { loadFieldsCode } from "./form/use-form-choices.ts";

await loadFieldsCode();

export { default } from "./GeneratorForm.tsx";
