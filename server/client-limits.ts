import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * No address can take the server from others (issue 13): each address may hold so many
 * connections and so many requests in flight, and one connection so many pipelined
 * requests. Past a limit only that address (or that connection) is turned away.
 */

/** Browsers never pipeline; a connection with more requests than this waiting is a tool's. */
export const MAX_REQUESTS_PER_CONNECTION = 8;

/**
 * Closes a new connection from an address whose network (an IPv6 peer's /64) already holds
 * `limit`. Trusted proxies are not counted: behind one, every client shares its address,
 * and requests are limited per client instead (see `InFlight`).
 */
export function limitConnectionsPerAddress(
  server: Server,
  limit: number,
  peers: {
    isTrustedProxy: (address: string) => boolean;
    networkOf: (address: string) => string;
  },
): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (peer === undefined || peers.isTrustedProxy(peer)) return;
    const address = peers.networkOf(peer);
    const count = open.get(address) ?? 0;
    if (count >= limit) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = open.get(address)! - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** Counts what is in flight per key; `enter` says false, and counts nothing, at the limit. */
export class InFlight<Key> {
  readonly #counts = new Map<Key, number>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  enter(key: Key): boolean {
    const count = this.#counts.get(key) ?? 0;
    if (count >= this.#limit) return false;
    this.#counts.set(key, count + 1);
    return true;
  }

  leave(key: Key): void {
    const left = (this.#counts.get(key) ?? 1) - 1;
    if (left === 0) this.#counts.delete(key);
    else this.#counts.set(key, left);
  }
}

/**
 * Counts each request against its connection and its address (keyed by the client's
 * network, an IPv6 client's /64, as every per-address limit) until its answer ends; false,
 * and nothing counted, when either is at its limit.
 */
export function admitRequests(
  perAddress: number,
): (req: IncomingMessage, res: ServerResponse, network: string) => boolean {
  const requestsPerAddress = new InFlight<string>(perAddress);
  /** Each connection's requests in flight, as the calls that release them. */
  const inFlightOn = new WeakMap<Socket, Set<() => void>>();
  return (req, res, network) => {
    const socket = req.socket;
    const held = inFlightOn.get(socket) ?? new Set<() => void>();
    if (!inFlightOn.has(socket)) {
      inFlightOn.set(socket, held);
      // An answer queued behind others on a connection that closes never closes itself.
      socket.once("close", () => {
        for (const release of held) release();
      });
    }
    if (held.size >= MAX_REQUESTS_PER_CONNECTION || !requestsPerAddress.enter(network)) {
      return false;
    }
    const release = () => {
      if (held.delete(release)) requestsPerAddress.leave(network);
    };
    held.add(release);
    res.once("close", release);
    return true;
  };
}
