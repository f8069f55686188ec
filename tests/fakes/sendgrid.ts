import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface SentMail {
  authorization: string | undefined;
  body: {
    personalizations: { to: { email: string }[] }[];
    from: { email: string; name?: string };
    subject: string;
    content: { type: string; value: string }[];
  };
}

/**
 * A loopback stand-in for SendGrid's v3 API: `POST /v3/mail/send` answers 202 with an
 * empty body, as SendGrid does, or a SendGrid-shaped error when told to fail.
 */
export async function startSendGridFake(): Promise<{
  url: string;
  sent: SentMail[];
  failWith(status: number | null): void;
  close(): Promise<void>;
}> {
  const sent: SentMail[] = [];
  let failure: number | null = null;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v3/mail/send") {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ errors: [{ message: "Not found" }] }));
        return;
      }
      if (failure !== null) {
        res.writeHead(failure, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            errors: [{ message: "The provided authorization grant is invalid.", field: null }],
          }),
        );
        return;
      }
      sent.push({
        authorization: req.headers.authorization,
        body: JSON.parse(raw) as SentMail["body"],
      });
      res.writeHead(202, { "x-message-id": `fake-${sent.length}` });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    failWith(status) {
      failure = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
