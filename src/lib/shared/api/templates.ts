import type { TemplateForm } from "#shared/schemas/templates.ts";

/** A saved template as GET/POST /api/templates and PATCH /api/templates/{id} answer it. */
export interface Template {
  id: string;
  name: string;
  form: TemplateForm;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/templates: the caller's templates, newest first, and how many they may keep. */
export interface TemplateList {
  success: true;
  templates: Template[];
  limit: number;
}

/** POST /api/templates (201) and PATCH /api/templates/{id}. */
export interface TemplateAnswer {
  success: true;
  template: Template;
}
