/**
 * Share links (issue 28, item 3): a read-only public page of one version at `/s/<id>`,
 * the id 128 random bits in base64url (22 characters), made by the server alone.
 */

/** What a share id looks like; anything else is no link, answered 404 without a lookup. */
export const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;

/** The page of a share link. */
export function sharePath(id: string): string {
  return `/s/${id}`;
}

/**
 * The id in what an operator pastes: a whole link (`https://…/s/<id>`, with or without a
 * query), a path, or the id alone; null when it holds no well-formed id.
 */
export function shareIdIn(pasted: string): string | null {
  const trimmed = pasted.trim();
  const id = /(?:^|\/s\/)([A-Za-z0-9_-]{22})(?:[/?#].*)?$/.exec(trimmed)?.[1] ?? "";
  return SHARE_ID.test(id) ? id : null;
}
