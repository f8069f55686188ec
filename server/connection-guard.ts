import { readdirSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { Socket } from "node:net";

/** The soft limit on open files (Linux's /proc/self/limits); null where it cannot be read. */
export function openFileLimit(): number | null {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"));
    return line ? Number(line[1]) : null;
  } catch {
    return null;
  }
}

/** Files this process has open now (the database's, the logs', …); null where unknown. */
export function openFileCount(): number | null {
  try {
    return readdirSync("/proc/self/fd").length;
  } catch {
    return null;
  }
}

/**
 * How many client sockets may be open: the file limit less what the process already holds
 * at start and room for what it opens while serving (database connections, files), so
 * that accepting one more never fails for want of a file.
 */
export function connectionCap(limit: number | null, inUse: number | null): number {
  if (limit === null) return Number.POSITIVE_INFINITY;
  const headroom = Math.max(64, Math.floor(limit / 10));
  return Math.max(16, limit - (inUse ?? 0) - headroom);
}

/**
 * Keeps the server reachable when strangers hold many sockets open (issue 7, item 15): at
 * the cap, a new connection closes the oldest one with no request in progress (idle, or
 * still sending its headers), so a new visitor, /healthz included, always gets in, and
 * only when every socket is busy is the newcomer the one turned away.
 */
export function guardConnections(server: Server, cap: number): void {
  if (!Number.isFinite(cap)) return;
  // Insertion order: oldest first.
  const open = new Set<Socket>();
  const busy = new WeakSet<Socket>();
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    if (open.size <= cap) return;
    let victim: Socket = socket;
    for (const candidate of open) {
      if (candidate !== socket && !busy.has(candidate)) {
        victim = candidate;
        break;
      }
    }
    open.delete(victim);
    victim.destroy();
  });
  server.on("request", (req, res) => {
    busy.add(req.socket);
    res.once("close", () => busy.delete(req.socket));
  });
}
