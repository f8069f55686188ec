/**
 * The reference page's view of the OpenAPI document (/docs/api, prerendered): its
 * operations by tag, each with its parameters and body as rows of a table. It reads the
 * document itself, never the endpoints' list, so the page says what the document says.
 */

type Schema = Record<string, unknown>;

export interface ReferenceRow {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

export interface ReferenceOperation {
  /** The heading's id: the operation's id. */
  id: string;
  method: string;
  path: string;
  summary: string;
  /** Paragraphs, in English, with `code` spans. */
  description: string[];
  parameters: ReferenceRow[];
  body: ReferenceRow[];
}

export interface ReferenceSection {
  tag: string;
  /**
   * The body rows every operation of the section has alike (the use cases' settings),
   * shown once before them and left out of each.
   */
  shared: ReferenceRow[];
  operations: ReferenceOperation[];
}

const sameRow = (a: ReferenceRow, b: ReferenceRow) => JSON.stringify(a) === JSON.stringify(b);

/** A section whose operations all take the same rows says them once (48 use cases). */
function sectionOf(tag: string, operations: ReferenceOperation[]): ReferenceSection {
  const [first, ...others] = operations;
  const shared =
    others.length === 0
      ? []
      : first!.body.filter((row) =>
          others.every((operation) => operation.body.some((other) => sameRow(row, other))),
        );
  const own = (operation: ReferenceOperation) => ({
    ...operation,
    body: operation.body.filter((row) => !shared.some((common) => sameRow(row, common))),
  });
  return { tag, shared, operations: operations.map(own) };
}

function typeOf(schema: Schema): string {
  if (Array.isArray(schema.enum)) return "string";
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return variants.map(typeOf).join(" | ");
  if (typeof schema.type === "string")
    return schema.format ? `${schema.type} (${schema.format})` : schema.type;
  return "any";
}

function notesOf(schema: Schema): string {
  const notes: string[] = [];
  if (Array.isArray(schema.enum))
    notes.push(`one of ${schema.enum.map((v) => `\`${v}\``).join(", ")}`);
  const [min, max] = [schema.minLength, schema.maxLength] as (number | undefined)[];
  if (max !== undefined) notes.push(`${min ?? 0}–${max.toLocaleString("en")} characters`);
  else if (min !== undefined) notes.push(`at least ${min} characters`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) {
    notes.push(`${schema.minimum ?? "…"}–${schema.maximum ?? "…"}`);
  }
  if (schema.default !== undefined && schema.default !== null && schema.default !== "") {
    notes.push(`default \`${JSON.stringify(schema.default)}\``);
  }
  if (typeof schema.description === "string") notes.push(schema.description);
  return notes.join("; ");
}

/** An object's properties as rows, an object's own one level down (`fields.recipient`). */
function rowsOf(schema: Schema | undefined, prefix = ""): ReferenceRow[] {
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([name, property]) => {
    const row = {
      name: `${prefix}${name}`,
      type: typeOf(property),
      required: required.has(name),
      notes: notesOf(property),
    };
    return property.properties && !prefix ? [row, ...rowsOf(property, `${name}.`)] : [row];
  });
}

/** The document's operations, grouped by their tag in the document's order of tags. */
export function referenceOf(document: Record<string, unknown>): ReferenceSection[] {
  const tags = (document.tags as { name: string }[]).map((tag) => tag.name);
  const byTag = new Map<string, ReferenceOperation[]>(tags.map((tag) => [tag, []]));
  const paths = document.paths as Record<string, Record<string, Schema>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = ((operation.parameters ?? []) as Schema[]).map((parameter) => ({
        name: String(parameter.name),
        type: `${typeOf(parameter.schema as Schema)} (${parameter.in})`,
        required: parameter.required === true,
        notes: notesOf(parameter.schema as Schema),
      }));
      const body = (operation.requestBody as Schema | undefined)?.content as
        Record<string, { schema: Schema }> | undefined;
      byTag.get((operation.tags as string[])[0]!)!.push({
        id: String(operation.operationId),
        method: method.toUpperCase(),
        path,
        summary: String(operation.summary),
        description: String(operation.description ?? "").split("\n\n"),
        parameters,
        body: rowsOf(body?.["application/json"]?.schema),
      });
    }
  }
  return [...byTag].map(([tag, operations]) => sectionOf(tag, operations));
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** A line of the document as HTML: escaped, its `code` spans as <code>. */
export function withCode(text: string): string {
  const escaped = text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
  return escaped.replace(/`([^`]+)`/g, "<code>$1</code>");
}
