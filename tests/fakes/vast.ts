import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A one-second VP8 WebM (160×90), which headless Chromium plays. */
const VIDEO = readFileSync(new URL("./vast-ad.webm", import.meta.url));

/** A transparent 1×1 GIF: what tracking pixels answer. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export const FAKE_AD = {
  id: "loopback-ad-1",
  title: "Loopback Coffee",
  advertiser: "Loopback Roasters",
} as const;

/** An inline linear ad in VAST 4.0, as an ad server answers a tag. */
function inlineAd(base: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.0">
  <Ad id="${FAKE_AD.id}">
    <InLine>
      <AdSystem version="1.0">Loopback Ads</AdSystem>
      <AdServingId>serving-1</AdServingId>
      <AdTitle>${FAKE_AD.title}</AdTitle>
      <Advertiser>${FAKE_AD.advertiser}</Advertiser>
      <Impression id="imp"><![CDATA[${base}/track/impression?cb=[CACHEBUSTING]]]></Impression>
      <Error><![CDATA[${base}/track/error?code=[ERRORCODE]]]></Error>
      <Creatives>
        <Creative id="creative-1" adId="${FAKE_AD.id}">
          <Linear>
            <Duration>00:00:01</Duration>
            <TrackingEvents>
              <Tracking event="start"><![CDATA[${base}/track/start]]></Tracking>
              <Tracking event="complete"><![CDATA[${base}/track/complete]]></Tracking>
            </TrackingEvents>
            <VideoClicks>
              <ClickThrough id="landing"><![CDATA[${base}/landing]]></ClickThrough>
              <ClickTracking id="click"><![CDATA[${base}/track/click]]></ClickTracking>
            </VideoClicks>
            <MediaFiles>
              <MediaFile delivery="progressive" type="video/webm" width="160" height="90" codec="vp8">
                <![CDATA[${base}/media/ad.webm]]>
              </MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>`;
}

/** What an ad server says when it has no ad to fill the slot with. */
const NO_AD = `<?xml version="1.0" encoding="UTF-8"?><VAST version="4.0"/>`;

/**
 * What a test wants the tag to answer and where its hits are kept: a marker it adds to its
 * browser's User-Agent (ad servers choose by the viewer's User-Agent too), such as
 * `vast-ad/1a2b3c` or `vast-none/1a2b3c`. Without one the tag answers no ad.
 */
const MARKER = /\bvast-(ad|none)\/([\w-]+)/;

export interface VastFake {
  /** The tag to configure as AD_VAST_URL. */
  tagUrl: string;
  origin: string;
  close(): Promise<void>;
}

/**
 * A loopback ad server speaking VAST 4.0: the tag (`/vast.xml`, with CORS as ad servers
 * send it, since the browser fetches it), the video, tracking pixels and a landing page.
 * It records every hit under the viewer's marker; `GET /hits/<marker>` lists them, so a
 * test can see which trackers its own page fired while other tests run beside it.
 */
export async function startVastFake(): Promise<VastFake> {
  const hits = new Map<string, string[]>();
  let base = "";
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", base).pathname;
    const [, kind = "none", marker = ""] = MARKER.exec(req.headers["user-agent"] ?? "") ?? [];
    if (path.startsWith("/hits/")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(hits.get(path.slice("/hits/".length)) ?? []));
      return;
    }
    if (req.method === "OPTIONS") {
      // A CORS preflight (the e2e browser adds X-Forwarded-For to every request).
      res.writeHead(204, {
        "access-control-allow-origin": req.headers.origin ?? "*",
        "access-control-allow-methods": "GET",
        "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "",
        "access-control-max-age": "600",
      });
      res.end();
      return;
    }
    if (marker) hits.set(marker, [...(hits.get(marker) ?? []), path]);
    if (path === "/vast.xml") {
      res.writeHead(200, {
        "content-type": "application/xml; charset=utf-8",
        "access-control-allow-origin": req.headers.origin ?? "*",
        "cache-control": "no-store",
      });
      res.end(kind === "ad" ? inlineAd(base) : NO_AD);
    } else if (path === "/media/ad.webm") {
      res.writeHead(200, { "content-type": "video/webm", "content-length": VIDEO.length });
      res.end(req.method === "HEAD" ? undefined : VIDEO);
    } else if (path.startsWith("/track/")) {
      res.writeHead(200, { "content-type": "image/gif", "cache-control": "no-store" });
      res.end(PIXEL);
    } else if (path === "/landing") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Loopback Coffee</title><h1>Loopback Coffee</h1>");
    } else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    tagUrl: `${base}/vast.xml`,
    origin: base,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
