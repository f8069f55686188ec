import type { GenerationRequest } from "#shared/schemas/generation.ts";
import { FAILURES, REASON, ownTextTooLongMessage, type FailureReason } from "#shared/failures.ts";
import { fieldMaxLength, textFieldOf, type UseCase } from "#shared/use-cases.ts";
import { AppError, failure, fieldFailures } from "#server/errors.ts";

/**
 * A request's use case (issue 42): its definition read from the content collection by
 * slug, and the request's fields checked against it. The checks are plain functions of a
 * definition, so that they are tested without the collection; the collection is imported
 * where it is read, as only the built server has it.
 */

/** The definition of a use case by its slug (its file's name); null when there is none. */
export async function findUseCase(slug: string): Promise<UseCase | null> {
  const { getEntry } = await import("astro:content");
  const entry = await getEntry("useCases", slug);
  return entry?.data ?? null;
}

/** A request whose use case has been checked: its fields as kept, its definition beside. */
export interface UseCaseRequest {
  request: GenerationRequest;
  /** The use case's definition, for the writer's prompt and the template draft. */
  useCase?: UseCase;
}

/**
 * Each field's problems with a request's fields against its use case, keyed as the request
 * names them (`fields.<id>`): a field it does not have, a required one missing or blank, a
 * value longer than the field takes (a text tool's text: `ownTextTooLong`), a choice that
 * is none of its options. Empty when the fields fit. Lengths are of the trimmed value, as
 * it is kept, in UTF-16 units; a text in any script is taken, whatever the language.
 */
export function useCaseFieldProblems(
  useCase: Pick<UseCase, "fields">,
  fields: Record<string, string>,
): Record<string, FailureReason[]> {
  const problems: Record<string, FailureReason[]> = {};
  const known = new Set(useCase.fields.map((field) => field.id));
  for (const id of Object.keys(fields)) {
    if (!known.has(id)) problems[`fields.${id}`] = [REASON.useCaseFieldUnknown];
  }
  for (const field of useCase.fields) {
    const value = Object.hasOwn(fields, field.id) ? fields[field.id]!.trim() : "";
    const key = `fields.${field.id}`;
    if (value === "") {
      if (field.required) problems[key] = [REASON.useCaseFieldMissing];
    } else if (value.length > fieldMaxLength(field)) {
      problems[key] = [field.kind === "text" ? REASON.ownTextTooLong : REASON.useCaseFieldTooLong];
    } else if (field.kind === "choice" && !field.options!.some((o) => o.value === value)) {
      problems[key] = [REASON.useCaseOptionUnknown];
    }
  }
  return problems;
}

/**
 * The fields as they are kept and written from: trimmed, in the use case's order, blank
 * optional ones dropped. Call after `useCaseFieldProblems` found none.
 */
export function keptFields(
  useCase: Pick<UseCase, "fields">,
  fields: Record<string, string>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const field of useCase.fields) {
    const value = Object.hasOwn(fields, field.id) ? fields[field.id]!.trim() : "";
    if (value !== "") kept[field.id] = value;
  }
  return kept;
}

/**
 * A 400 in the API's failure shape: every problem at once, the first as the message. A text
 * tool's text that is too long is named with its length (issue 26): in its English, the
 * message's when it comes first and `fieldErrors`', and as `characters` beside the `limit`,
 * for the client to word.
 */
function invalid(
  problems: Record<string, FailureReason[]>,
  tooLong?: { key: string; characters: number; limit: number },
): AppError {
  const first = Object.values(problems)[0]![0]!;
  if (!tooLong) return failure("VALIDATION_ERROR", first, fieldFailures(problems));
  const { key, characters, limit } = tooLong;
  const counted = ownTextTooLongMessage(characters);
  const { fieldErrors, fieldReasons } = fieldFailures(problems);
  return new AppError(
    "VALIDATION_ERROR",
    first === REASON.ownTextTooLong ? counted : FAILURES[first],
    {
      reason: first,
      fieldErrors: { ...fieldErrors, [key]: [counted] },
      fieldReasons,
      extra: { characters, limit },
    },
  );
}

/** A text tool's text past its limit: where, how long and the most it takes; else undefined. */
function ownTextTooLong(
  useCase: Pick<UseCase, "fields">,
  fields: Record<string, string>,
  problems: Record<string, FailureReason[]>,
) {
  const field = textFieldOf(useCase);
  const key = `fields.${field?.id}`;
  if (!field || problems[key]?.[0] !== REASON.ownTextTooLong) return undefined;
  return { key, characters: fields[field.id]!.trim().length, limit: fieldMaxLength(field) };
}

/**
 * Checks a request's use case and fields against its definition (400 with `fieldErrors`
 * and `fieldReasons` for an unknown slug or any field that does not fit). With a use case,
 * the text is of the use case's content type, whatever the client sent; tone and length
 * stay the request's. A refinement reads its use case and fields from its parent, so its
 * request's are not read.
 */
export function checkUseCaseRequest(
  request: GenerationRequest,
  useCase: UseCase | null,
): UseCaseRequest {
  if (!request.useCase || request.refine) return { request };
  if (!useCase) throw invalid({ useCase: [REASON.useCaseUnknown] });
  const fields = request.fields ?? {};
  const problems = useCaseFieldProblems(useCase, fields);
  if (Object.keys(problems).length > 0) {
    throw invalid(problems, ownTextTooLong(useCase, fields, problems));
  }
  return {
    request: {
      ...request,
      contentType: useCase.contentType,
      // A tool's length is its own (its result's changes get that budget), not the client's.
      ...(textFieldOf(useCase) ? { length: useCase.length } : {}),
      fields: keptFields(useCase, fields),
    },
    useCase,
  };
}

/** Reads the request's use case, if it names one, and checks the request against it. */
export async function withUseCase(request: GenerationRequest): Promise<UseCaseRequest> {
  if (!request.useCase || request.refine) return { request };
  return checkUseCaseRequest(request, await findUseCase(request.useCase));
}
