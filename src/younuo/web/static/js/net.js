// The two channels of docs/protocol.md: REST (accounts, lists, records) and the
// WebSocket (lobby, rooms, play). The connection reconnects by itself with backoff
// and says hello again with the stored token, so a refresh or a dropped network
// brings the player back to the same seat.

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
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
    this.socket = socket;
    this.setStatus("connecting");
    socket.addEventListener("open", () => {
      // Deltas: each update carries only what changed in our view (docs/protocol.md §4).
      socket.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, token: this.token, deltas: true, browser: browserId(), ref: "hello" }));
    });
    socket.addEventListener("message", (event) => this.receive(socket, event.data));
    socket.addEventListener("close", (event) => this.closed(socket, event));
  }

  receive(socket, text) {
    if (socket !== this.socket) return;
    let message;
    try { message = JSON.parse(text); } catch { return; }
    if (message.type === "welcome") {
      this.attempt = 0;
      this.setStatus("open");
      for (const queued of this.queue.splice(0)) socket.send(queued);
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
      if (this.socket && this.state === "open") this.socket.send(text);
      else this.queue.push(text);
    });
  }

  /** Send without waiting for an answer (errors still arrive as messages). */
  send(message) {
    const text = JSON.stringify(message);
    if (this.socket && this.state === "open") this.socket.send(text);
    else if (message.type !== "sync" && message.type !== "ping") this.queue.push(text);
  }
}
