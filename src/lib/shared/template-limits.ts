/**
 * My templates' limits (issue 28), alone: the failures' words (in the home page's
 * JavaScript) name them, and templates.ts's placeholder code loads on first use.
 */
export const MAX_TEMPLATES = 50;
export const MAX_TEMPLATE_NAME_CHARS = 60;
/** A description's placeholders become a use case's fields, and a use case has at most 6. */
export const MAX_PLACEHOLDERS = 6;
