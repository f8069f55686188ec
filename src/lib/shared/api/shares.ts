/** One of the caller's share links, as POST and GET /api/shares answer it. */
export interface ShareLink {
  id: string;
  /** `/s/<id>`, and the same on the site's public address. */
  path: string;
  url: string;
  /** The shared version. */
  generationId: string;
  /** The text's title (its subject), for the owner's list; never shown on the page. */
  title: string;
  /** When the shared version was written. */
  textCreatedAt: string;
  /** When the link was made. */
  createdAt: string;
}

/** GET /api/shares: the caller's links, newest first. */
export interface ShareList {
  success: true;
  shares: ShareLink[];
}

/** POST /api/shares: 201 with a new link, 200 with the version's link made before. */
export interface ShareAnswer {
  success: true;
  share: ShareLink;
  created: boolean;
}
