// The two channels of docs/protocol.md: REST (accounts, lists, records) and the
// WebSocket (lobby, rooms, play). The connection reconnects by itself with backoff
// and says hello again with the stored token, so a refresh or a dropped network
// brings the player back to the same seat. Once in a room, the socket moves to
// /ws?room=ID (docs/protocol.md §2, "The room argument"): the key a load balancer
// hashes so that a table's seats sit on the server process that runs its match.

export const PROTOCOL = 1;
const TOKEN_KEY = "younuo.token";

export function savedToken() {
  try { return localStorage.getItem(TOKEN_KEY); } catch { return null; }
}

export function saveToken(token) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch { /* private mode: the session lives as long as the tab */ }
}

const BROWSER_KEY = "younuo.browser";

/** This browser's random id, sent in hello: the server keeps only a keyed hash of it,
 * for the fair-play check of several accounts at one table from one browser. */
function browserId() {
  try {
    let id = localStorage.getItem(BROWSER_KEY);
    if (!id) {
      id = crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`.slice(0, 64);
      localStorage.setItem(BROWSER_KEY, id);
    }
    return id;
  } catch { return null; } // private mode: no id kept, none sent
}

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.code || (status === 401 ? "bad_token" : "http_error");
    this.details = body?.details || null;
  }
}

/** A REST call; the body is JSON, the answer is parsed JSON or an ApiError. */
export async function api(method, path, body, token = savedToken()) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch { /* empty or not JSON */ }
  if (!response.ok) {
    // FastAPI's own validation errors come as {"detail": ...}.
    const detail = data && !data.code && data.detail;
    throw new ApiError(response.status, detail ? { code: "bad_message", message: String(typeof detail === "string" ? detail : detail[0]?.msg || "") } : data);
  }
  return data;
}

/**
 * One WebSocket connection to /ws, kept open.
 * Events (EventTarget): "message" (detail: the server message), "status" (detail:
 * {state: "connecting"|"open"|"closed"|"replaced"|"unauthorized", retryIn}).
 */
export class Connection extends EventTarget {
  constructor(token) {
    super();
    this.token = token;
    this.socket = null;
    this.nextRef = 1;
    this.pending = new Map();
    this.attempt = 0;
    this.timer = null;
    this.stopped = false;
    this.state = "closed";
    this.queue = [];
    this.route = null; // the room the socket is routed by (/ws?room=ID), once in one
    this.moving = null; // the socket being opened on a room's route, until welcomed
    this.moves = 0; // how many times the socket moved to a room's route
  }

  address(room) {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws${room ? `?room=${encodeURIComponent(room)}` : ""}`;
  }

  hello(socket) {
    // Deltas: each update carries only what changed in our view (docs/protocol.md §4).
    socket.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, token: this.token, deltas: true, browser: browserId(), ref: "hello" }));
  }

  start() {
    this.stopped = false;
    this.open();
    // The network is back: try at once instead of waiting out the backoff. Removed in
    // stop(), so a connection replaced by another (sign out, new token) stays quiet.
    this.onOnline = () => { if (this.state === "closed") this.reconnectNow(); };
    window.addEventListener("online", this.onOnline);
  }

  stop() {
    window.removeEventListener("online", this.onOnline);
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.moving) { this.moving.close(1000); this.moving = null; }
    if (this.socket) this.socket.close(1000);
    this.failPending("closed");
  }

  reconnectNow() {
    clearTimeout(this.timer);
    this.attempt = 0;
    this.open();
  }

  setStatus(state, extra = {}) {
    this.state = state;
    this.dispatchEvent(new CustomEvent("status", { detail: { state, ...extra } }));
  }

  open() {
    if (this.stopped) return;
    const socket = new WebSocket(this.address(this.route));
    this.socket = socket;
    this.setStatus("connecting");
    socket.addEventListener("open", () => this.hello(socket));
    socket.addEventListener("message", (event) => this.receive(socket, event.data));
    socket.addEventListener("close", (event) => this.closed(socket, event));
  }

  /** Move to the room's route: a second socket says hello with the same token and,
   * once welcomed, takes over (the server closes the first with 4001, expected here);
   * requests wait for it meanwhile. If it fails, the socket stays where it is. */
  follow(room) {
    if (this.stopped || this.moving || room === this.route || !this.socket) return;
    const socket = new WebSocket(this.address(room));
    socket.room = room;
    this.moving = socket;
    const giveUp = setTimeout(() => { if (this.moving === socket) socket.close(1000); }, 10000);
    socket.addEventListener("open", () => this.hello(socket));
    socket.addEventListener("message", (event) => this.receive(socket, event.data));
    socket.addEventListener("close", () => {
      clearTimeout(giveUp);
      if (this.moving !== socket) return;
      this.moving = null; // not welcomed: stay, and send what waited on the old socket
      if (this.socket && this.state === "open") this.flush(this.socket);
      else if (!this.socket && !this.stopped) this.open(); // the old one is gone too
    });
  }

  flush(socket) {
    for (const queued of this.queue.splice(0)) socket.send(queued);
  }

  receive(socket, text) {
    let message;
    try { message = JSON.parse(text); } catch { return; }
    if (socket === this.moving) {
      if (message.type !== "welcome") { // refused (a bad token): stay where we are
        socket.close(1000);
        return;
      }
      const old = this.socket;
      this.socket = socket;
      this.moving = null;
      this.route = socket.room;
      this.moves += 1;
      if (old) { old.superseded = true; old.close(1000); }
    } else if (socket !== this.socket) {
      // The socket the move replaced: only answers to what was asked on it still count.
      if (!socket.superseded || message.ref === undefined || message.ref === null || !this.pending.has(message.ref)) return;
    } else if (this.moving && message.type === "replaced") {
      return; // our own move took over
    }
    if (message.type === "welcome" && message.room && message.room !== this.route) this.follow(message.room);
    if (message.type === "room" && message.room && message.room.id !== this.route) this.follow(message.room.id);
    if (message.type === "welcome") {
      this.attempt = 0;
      if (this.state !== "open") this.setStatus("open");
      if (!this.moving) this.flush(socket);
    }
    if (message.type === "error" && message.ref === "hello") {
      if (["bad_token", "not_authenticated"].includes(message.code)) {
        this.stopped = true;
        this.setStatus("unauthorized");
        socket.close(1000);
      }
    }
    const waiting = message.ref !== undefined && message.ref !== null ? this.pending.get(message.ref) : null;
    // Messages first reach the store, then the one who asked: a screen that awaits a
    // request sees the table already updated.
    this.dispatchEvent(new CustomEvent("message", { detail: message }));
    if (waiting) {
      this.pending.delete(message.ref);
      clearTimeout(waiting.timer);
      if (message.type === "error") waiting.reject(message);
      else waiting.resolve(message);
    }
  }

  closed(socket, event) {
    if (socket !== this.socket) return;
    this.socket = null;
    if (this.moving && event.code === 4001) return; // the move's socket took over
    this.failPending("closed");
    if (event.code === 4001) {
      this.stopped = true;
      this.setStatus("replaced");
      return;
    }
    if (this.stopped) { if (this.state !== "unauthorized") this.setStatus("closed"); return; }
    // Exponential backoff with jitter: 0.5 s, 1 s, 2 s … up to 15 s.
    const delay = Math.min(15000, 500 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt += 1;
    this.setStatus("closed", { retryIn: delay / 1000 });
    this.timer = setTimeout(() => this.open(), delay);
  }

  failPending(code) {
    for (const [, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject({ type: "error", code, message: "connection closed" });
    }
    this.pending.clear();
  }

  /** Send a message; resolves with the server's direct answer (ack, reply) or rejects with its error. */
  request(message, timeoutMs = 10000) {
    const ref = this.nextRef++;
    const text = JSON.stringify({ ...message, ref });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(ref);
        reject({ type: "error", code: "timeout", message: "no answer from the server" });
      }, timeoutMs);
      this.pending.set(ref, { resolve, reject, timer });
      if (this.socket && this.state === "open" && !this.moving) this.socket.send(text);
      else this.queue.push(text);
    });
  }

  /** Send without waiting for an answer (errors still arrive as messages). */
  send(message) {
    const text = JSON.stringify(message);
    if (this.socket && this.state === "open" && !this.moving) this.socket.send(text);
    else if (message.type !== "sync" && message.type !== "ping") this.queue.push(text);
  }
}
