declare namespace App {
  interface Locals {
    /**
     * A page with an address in each language (page-language.ts): its language, set by
     * Layout.astro; its words are then written in that language alone (Words.astro).
     */
    pageLanguage?: import("./lib/shared/page-language.ts").PageLanguage;
    /** The route's pattern (`/api/voices/[id]`), for the access line and /metrics. */
    routePattern?: string;
    /** Correlates a request's log lines; echoed in the X-Request-Id header. */
    requestId: string;
    /** The client's address: the socket's, or X-Forwarded-For's last hop with TRUSTED_PROXY. */
    clientAddress: string;
    /**
     * What per-address limits and the trial count by: the address's network, an IPv6
     * client's /64 (decision 085). Logs and loopback checks keep `clientAddress`.
     */
    clientNetwork: import("./lib/server/network/client-network.ts").ClientNetwork;
    user: import("./lib/server/auth/sessions.ts").SessionUser | null;
    session: import("./lib/server/auth/sessions.ts").Session | null;
    /**
     * How the caller arrived: the web app's cookie, an API client's session token, or an
     * API key (which has no session).
     */
    authSource: "bearer" | "cookie" | "apiKey" | null;
    /** The API key the request came with (issue 29); null otherwise. */
    apiKeyId: string | null;
  }
}
