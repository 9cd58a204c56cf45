// The client's picture of the world, fed by server messages. Screens read it and
// redraw when it changes; nothing here is authoritative (the server is).
//
// Only the store's own methods change it. Each change is announced as one "change"
// event whose detail has one shape: {kind, ...}, kind one of KINDS. Screens subscribe to
// the kinds they draw with on().

import { Connection, api, saveToken, savedToken } from "./net.js";

/** Every kind of change, and what its detail carries besides `kind`. */
export const KINDS = Object.freeze({
  account: "the account (signed in or out, renamed, a new rating)",
  status: "the connection's state (store.status)",
  welcome: "a new connection said hello",
  room: "the room joined, changed or left",
  lobby: "the open rooms (store.lobby)",
  state: "a whole match table arrived; events: its events",
  update: "a move changed the match; events: its events",
  emote: "an expression at the table; player, avatar",
  match_over: "the match ended (store.matchOver)",
  error: "an error nobody awaited; error",
  notice: "something to tell the player once; key, params (for the text), tone",
  chat: "a chat message arrived (store.chat); message; or store.unread changed",
  social_notice: "a friend request, invitation or decision arrived (store.notices); notice",
  tournament: "an event you registered for changed (read it again); tournament, status",
});

const CHAT_KEEP = 100; // messages kept for the chat drawer

/** When a quiet table asks for the match again (docs/web.md, *A silent table*), in
 * seconds: `grace` past the earliest deadline of the match's clock (the server acts at
 * each, so silence beyond one means an update was lost on its way), `idle` of silence
 * when the clock has no deadline, and at most `max` between two checks; each check that
 * finds nothing new doubles the wait, so a table that is only slow costs a few syncs. */
export const SILENCE = Object.freeze({ grace: 5, idle: 60, max: 120 });

class Store extends EventTarget {
  constructor() {
    super();
    this.connection = null;
    this.status = { state: "closed" };
    this.lobby = [];
    this.welcomed = false;
    this.booted = false; // resume() has answered: the first screen may be chosen
    this.silence = { ...SILENCE }; // the silent table's check (tests shorten it)
    this.silenceTimer = null;
    this.silenceChecks = 0; // checks since the match last moved
    this.forget();
  }

  /** Drop everything that belongs to the signed-in account. Signing out calls it, so
   * whoever signs in next on this browser sees none of it (messages, notices, the hand). */
  forget() {
    clearTimeout(this.silenceTimer);
    this.account = null;
    this.roomId = null;
    this.room = null;
    this.chat = []; // the room's and friends' messages, oldest first (the newest CHAT_KEEP)
    this.unread = {}; // friend's account → their direct messages since sign-in, not yet seen
    this.reading = null; // the friend whose conversation is open, if any
    this.notices = []; // pushed notices since sign-in, newest first
    this.match = null; // {id, version, view, table, clock, you, clockOffset, legal}
    this.events = []; // recent events of the match, newest last (for the log)
    this.lastRoundOver = null; // the last round_over event (hands and points)
    this.matchOver = null; // the match_over message
    this.startRefusal = null;
  }

  /** Announce a change: detail {kind, ...more}. */
  emit(kind, more = {}) {
    if (!(kind in KINDS)) throw new Error(`unknown change ${kind}`);
    this.dispatchEvent(new CustomEvent("change", { detail: { kind, ...more } }));
  }

  /** Call handler(detail) on changes of these kinds; returns the function that stops it. */
  on(kinds, handler) {
    const wanted = new Set(kinds);
    const listener = (event) => { if (wanted.has(event.detail.kind)) handler(event.detail); };
    this.addEventListener("change", listener);
    return () => this.removeEventListener("change", listener);
  }

  get signedIn() { return Boolean(this.account); }

  /** Sign in with a Session answer (guest, login, register). */
  async begin(session) {
    saveToken(session.token);
    this.account = session.account;
    this.connect(session.token);
    this.emit("account");
  }

  /** Boot: resume with the stored token, if any; then the first screen may be chosen. */
  async boot() {
    await this.resume();
    this.booted = true;
    this.emit("account");
  }

  /** Resume with the stored token, if any: true when it still works. */
  async resume() {
    const token = savedToken();
    if (!token) return false;
    try {
      this.account = await api("GET", "/api/me", undefined, token);
    } catch (error) {
      if (error.status === 401 || error.status === 403) { saveToken(null); return false; }
      // The server is unreachable: keep the token and let the socket retry.
    }
    this.connect(token);
    this.emit("account");
    return true;
  }

  async signOut() {
    try { await api("POST", "/api/auth/logout"); } catch { /* already gone */ }
    saveToken(null);
    if (this.connection) this.connection.stop();
    this.connection = null;
    this.forget();
    this.emit("account");
    this.emit("chat", {});
  }

  connect(token) {
    if (this.connection) this.connection.stop();
    const connection = new Connection(token);
    this.connection = connection;
    connection.addEventListener("message", (e) => this.receive(e.detail));
    connection.addEventListener("status", (e) => {
      this.status = e.detail;
      if (e.detail.state === "unauthorized") { saveToken(null); this.forget(); }
      this.emit("status");
    });
    connection.start();
  }

  request(message) {
    if (!this.connection) return Promise.reject({ code: "closed", message: "not connected" });
    return this.connection.request(message);
  }

  send(message) { if (this.connection) this.connection.send(message); }

  /** A play action with the version we last saw (the server refuses stale ones). */
  act(action) {
    const match = this.match;
    if (!match) return Promise.reject({ code: "no_match", message: "no match" });
    return this.request({ type: "action", match: match.id, version: match.version, action });
  }

  receive(message) {
    const handler = this[`on_${message.type}`];
    if (handler) handler.call(this, message);
  }

  on_welcome(message) {
    this.account = message.account;
    this.roomId = message.room;
    this.welcomed = true;
    if (!message.room) { this.room = null; this.match = null; }
    this.emit("welcome");
  }

  on_room(message) {
    const room = message.room;
    this.room = room;
    this.roomId = room.id;
    if (!room.match && this.match && !this.matchOver && room.status !== "playing") {
      this.match = null;
    }
    // Our own seat's avatar is the account's (the server saves it): keep the header's
    // in step now, not at the next GET /api/me after the match.
    const mine = room.seats.find((s) => s && s.account === this.account?.id);
    if (mine) this.ownAvatar(mine.avatar);
    // Keep the table's avatars in step with the room during a match (emotes).
    if (this.match) {
      for (const seat of room.seats) {
        if (!seat) continue;
        const at = this.match.table.find((p) => p.name === seat.name);
        if (at) at.avatar = seat.avatar;
      }
    }
    this.emit("room");
  }

  on_chat(message) {
    if (this.chat.some((m) => m.id === message.id)) return;
    this.chat = [...this.chat, message].slice(-CHAT_KEEP);
    const from = message.sender;
    const unseen = message.to && message.to === this.account?.id && from !== this.reading;
    if (unseen) this.unread = { ...this.unread, [from]: (this.unread[from] || 0) + 1 };
    this.emit("chat", { message });
    // Told wherever the player is: a friend waiting for an answer should not go unseen.
    if (unseen) this.emit("notice", { key: "social.dm.toast", params: { name: message.sender_name }, tone: "info" });
  }

  /** The conversation with `account` is open (null: none is): its messages are seen. */
  readDirect(account) {
    this.reading = account;
    if (account && this.unread[account]) {
      const { [account]: _seen, ...rest } = this.unread;
      this.unread = rest;
    }
    this.emit("chat", {});
  }

  /** Messages read from the room's log (on opening the chat), merged with the pushed. */
  addChat(messages) {
    const seen = new Set(this.chat.map((m) => m.id));
    this.chat = [...this.chat, ...messages.filter((m) => !seen.has(m.id))].sort((a, b) => a.id - b.id).slice(-CHAT_KEEP);
    this.emit("chat", {});
  }

  on_notice(message) {
    const p = message.notice.payload || {};
    if (message.notice.kind === "moderation" && p.action === "rename" && this.account) {
      this.account = { ...this.account, name: p.name };  // a moderator renamed you
      this.emit("account");
    }
    this.notices = [message.notice, ...this.notices];
    this.emit("social_notice", { notice: message.notice });
  }

  on_tournament_over(message) {
    const key = message.status === "finished" ? "events.over.champion" : `events.over.${message.reason}`;
    this.emit("notice", { key, params: { event: message.name, name: message.champion_name }, tone: "info" });
  }

  on_tournament_update(message) { this.emit("tournament", { tournament: message.tournament, status: message.status }); }

  on_lobby(message) { this.lobby = message.rooms; this.emit("lobby"); }

  on_kicked() {
    this.room = null; this.roomId = null; this.match = null;
    this.emit("room");
    this.emit("notice", { key: "notice.kicked", tone: "warn" });
  }

  on_left_room() {
    this.room = null; this.roomId = null; this.match = null; this.matchOver = null;
    this.emit("room");
  }

  on_replaced() { this.emit("status"); }

  setMatch(message, events) {
    const offset = message.server_time - Date.now() / 1000;
    const previous = this.match && this.match.id === message.match ? this.match : null;
    this.match = {
      id: message.match,
      version: message.version,
      view: message.view,
      table: message.table,
      clock: message.clock,
      you: message.you !== undefined ? message.you : previous?.you ?? null,
      offset,
      legal: message.legal || message.view?.legal || null,
      over: false,
    };
    if (!previous) { this.events = []; this.lastRoundOver = null; this.matchOver = null; }
    for (const event of events) {
      this.events.push(event);
      if (event.type === "round_over") this.lastRoundOver = event;
      if (event.type === "round_start") this.lastRoundOver = null;
    }
    if (this.events.length > 200) this.events.splice(0, this.events.length - 200);
    if (!previous || previous.version !== message.version) this.silenceChecks = 0;
    this.watchSilence();
  }

  /** Arm the check of a silent table (SILENCE) for the match as it stands now. */
  watchSilence() {
    clearTimeout(this.silenceTimer);
    const match = this.match;
    if (!match || match.over || match.view?.status === "match_over") return; // nothing more comes
    const { grace, idle, max } = this.silence;
    const clock = match.clock || {};
    const due = [clock.turn_deadline, clock.next_round_at, clock.match_deadline].filter(Boolean);
    const quiet = due.length ? Math.max(0, Math.min(...due) - this.serverNow()) + grace : idle;
    const wait = Math.min(max, quiet * 2 ** this.silenceChecks);
    const { id, version } = match;
    this.silenceTimer = setTimeout(() => this.checkSilence(id, version), wait * 1000);
  }

  /** Still at `version` of match `id`: ask for the match again. Its `state` arms the next
   * check; a match the server no longer runs leaves the table for the room. */
  async checkSilence(id, version) {
    const match = this.match;
    if (!match || match.id !== id || match.version !== version || match.over) return;
    this.silenceChecks += 1;
    try {
      await this.request({ type: "sync" });
    } catch (error) {
      if (this.match?.id !== id) return;
      if (error.code === "no_match") {
        // Its end was lost too: read the room again (a member gets it before the ack),
        // then show it, so the stale room never shows.
        if (this.roomId) await this.request({ type: "join_room", room: this.roomId }).catch(() => {});
        if (this.match?.id === id) this.match = null;
        this.emit("room");
        return;
      }
      this.watchSilence(); // no answer (offline): look again later
    }
  }

  on_state(message) {
    this.setMatch(message, message.events || []);
    this.emit("state", { events: message.events || [] });
  }

  on_update(message) {
    const match = this.match;
    if (!match || match.id !== message.match) { this.send({ type: "sync" }); return; }
    if (message.version <= match.version) return; // already seen (a sync overtook it)
    if (message.version !== match.version + 1) {
      // A gap: events were missed. Ask for the whole table (docs/protocol.md §4); a
      // delta cannot be applied to a view it does not follow.
      this.send({ type: "sync" });
      if (message.delta) return;
    }
    // With deltas (asked for in hello) the view holds only the fields that changed.
    const view = message.delta ? { ...match.view, ...message.view } : message.view;
    this.setMatch({ ...message, view, you: match.you }, message.events);
    this.emit("update", { events: message.events });
  }

  /** Another player's (or our own) new expression at the table: an emote. */
  on_emote(message) {
    const match = this.match;
    if (!match || match.id !== message.match) return;
    const at = match.table.find((p) => p.name === message.player);
    if (at) at.avatar = message.avatar;
    if (message.player === match.view.player) this.ownAvatar(message.avatar);
    this.emit("emote", { player: message.player, avatar: message.avatar });
  }

  on_match_over(message) {
    clearTimeout(this.silenceTimer);
    this.matchOver = message;
    if (this.match) this.match.over = true;
    this.emit("match_over");
    // The rating changed: the lobby's panel and the header read the account, so fetch it
    // again (the leaderboard had the new rating while the panel still showed the old one).
    this.refreshAccount();
  }

  /** Read our account again (rating, level) from GET /api/me. */
  async refreshAccount() {
    try {
      const account = await api("GET", "/api/me");
      if (this.account && account.id === this.account.id) {
        this.account = account;
        this.emit("account");
      }
    } catch { /* offline: the next welcome brings it */ }
  }

  on_error(message) {
    // Errors answering a request reach the requester too; this is for the others.
    if (message.code === "stale_version") this.send({ type: "sync" });
    this.emit("error", { error: message });
  }

  /** Our seat name in the running match (null when watching). */
  get me() { return this.match ? this.match.view.player : null; }

  /** Server time now, by the offset measured on the last state/update. */
  serverNow() { return Date.now() / 1000 + (this.match ? this.match.offset : 0); }

  /** Leave the room (and its match, if any): resolves when the server agreed. */
  async leaveRoom() {
    await this.request({ type: "leave_room" });
    this.room = null; this.roomId = null; this.match = null; this.matchOver = null;
    this.emit("room");
  }

  /** Close the results of a match that is over: back to the room. */
  closeResults() {
    this.match = null;
    this.matchOver = null;
    this.emit("room");
  }

  /** Our avatar changed (the outfit picker, an emote): the header draws the account's. */
  ownAvatar(avatar) {
    const now = this.account?.avatar;
    if (!avatar || !this.account || (now?.outfit === avatar.outfit && now?.expression === avatar.expression)) return;
    this.account = { ...this.account, avatar };
    this.emit("account");
  }

  /** The account as the server now has it (after a rename). */
  setAccount(account) {
    this.account = account;
    this.emit("account");
  }

  /**
   * Show a new expression of our own at the table at once (an emote), and ask the
   * server to make it our avatar's; every other seat hears of it from the server.
   */
  emote(expression) {
    const match = this.match;
    const seat = match?.table.find((p) => p.name === match.view.player);
    const avatar = { ...(seat?.avatar || this.account.avatar), expression };
    if (seat) {
      seat.avatar = avatar;
      this.emit("emote", { player: seat.name, avatar });
    }
    this.ownAvatar(avatar);
    return this.request({ type: "avatar", avatar });
  }
}

export const store = new Store();
