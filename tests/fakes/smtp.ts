import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The user the client logged in as (only the right password logs in), if it did. */
  user: string | undefined;
  /** MAIL FROM and RCPT TO, as the envelope said them. */
  envelope: { from: string | false; to: string[] };
  /** The message as a mail client reads it (headers, text, HTML). */
  message: ParsedMail;
}

/**
 * A loopback SMTP server (smtp-server, which speaks real SMTP: EHLO, AUTH PLAIN/LOGIN, MAIL,
 * RCPT, DATA) that keeps every message it accepts, parsed with mailparser. It takes one
 * user name and password, offers no STARTTLS (loopback, no certificate) and allows AUTH
 * without TLS, and can be told to refuse recipients with an SMTP reply code.
 */
export async function startSmtpFake(login = { username: "mailer", password: "s3cret pass" }) {
  const received: ReceivedMail[] = [];
  let refuseWith: number | null = null;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === login.username && auth.password === login.password) {
        return callback(null, { user: auth.username });
      }
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      if (refuseWith === null) return callback();
      callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: refuseWith }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (message) => {
          received.push({
            user: session.user === undefined ? undefined : String(session.user),
            envelope: {
              from: session.envelope.mailFrom && session.envelope.mailFrom.address,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            message,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const credentials = `${encodeURIComponent(login.username)}:${encodeURIComponent(login.password)}`;
  return {
    /** An SMTP_URL that logs in as the expected user. */
    url: `smtp://${credentials}@127.0.0.1:${port}`,
    port,
    received,
    /** Refuse every recipient with this reply code (550…), or accept again with null. */
    refuseWith(code: number | null) {
      refuseWith = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
