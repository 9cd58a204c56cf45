// The lobby: quick match, join by code, create a room (with every option explained),
// the list of open rooms with filters, and the leaderboard. While the lobby is shown it
// watches the room list (watch_lobby, docs/protocol.md §3): the server pushes the list
// whenever it changes, so nothing polls; leaving the lobby stops the watch.

import { html, onAction, raw, patch } from "../dom.js";
import { titleBadge } from "../parts/titles.js";
import { errorText, levelName, onLanguage, t } from "../i18n.js";
import { api } from "../net.js";
import { roomName } from "../names.js";
import { applyLength, editorMarkup, markChanges, readEditor } from "../parts/editor.js";
import { ICON_CLOCK } from "../parts/elements.js";
import { toast } from "../parts/notice.js";
import { loadRules, rulesInfo } from "../rules.js";
import { store } from "../store.js";
import { isStaff } from "./admin.js";

/**
 * A room made by hand is a casual one: its turn clock starts at a generous 30 s, not the
 * preset's official 10–15 s (which quick match keeps), so a newcomer does not time out.
 */
export const CASUAL_TURN_SECONDS = 30;

export function casualOptions(preset) {
  const seconds = rulesInfo.presets[preset]?.turn_seconds;
  return seconds > 0 && seconds < CASUAL_TURN_SECONDS ? { turn_seconds: CASUAL_TURN_SECONDS } : {};
}

class Lobby extends HTMLElement {
  connectedCallback() {
    this.filters = { mode: "", preset: "", free: false };
    this.creating = false;
    this.draft = { seats: 8, needed: 4, mode: "ffa", preset: "younuo", options: {}, private: false, abandon: "leave" };
    this.leaders = null;
    this.error = "";
    this.paint();
    this.offStore = store.on(["welcome", "account", "lobby"], ({ kind }) => {
      // A watch lasts as long as its connection: each new one (a reconnect) asks again.
      if (kind === "welcome") this.watch();
      // A pushed list redraws the list alone.
      if (kind === "lobby") this.paintRooms();
      else this.paint();
    });
    this.off = onLanguage(() => this.paint());
    onAction(this, (action, el) => this.act(action, el));
    this.addEventListener("submit", (event) => { event.preventDefault(); this.submit(event.target); });
    this.addEventListener("change", (event) => this.changeField(event));
    this.watch();
    loadRules().then(() => {
      // The casual clock needs the preset's own, which the server just gave.
      this.draft.options = { ...casualOptions(this.draft.preset), ...this.draft.options };
      if (this.creating) this.paint();
    }, () => {});
    api("GET", "/api/leaderboard?limit=10").then((rows) => { this.leaders = rows; this.paint(); }, () => { this.leaders = []; this.paint(); });
  }

  disconnectedCallback() {
    this.offStore();
    this.off();
    // Queued while offline, it reaches the next connection first, before any new watch.
    store.send({ type: "watch_lobby", on: false });
  }

  /**
   * Watch the room list with the current filters: the answer is the list now, then the
   * server pushes it on every change. Again with new filters, or to refresh by hand.
   */
  watch() {
    // Not connected yet: the welcome of the connection under way calls this again.
    if (store.status.state !== "open") return;
    const message = { type: "watch_lobby" };
    if (this.filters.mode) message.mode = this.filters.mode;
    if (this.filters.preset) message.preset = this.filters.preset;
    if (this.filters.free) message.free_seats = 1;
    store.request(message).catch(() => {});
  }

  changeField(event) {
    const field = event.target;
    if (field.name?.startsWith("filter-")) {
      const key = field.name.slice(7);
      this.filters[key] = field.type === "checkbox" ? field.checked : field.value;
      this.watch();
      return;
    }
    const form = field.closest("form[name=create]");
    if (form) {
      if (field.name === "length") applyLength(form, field.value);
      // Only a new preset redraws the editor (with that preset's values).
      this.draft = markChanges(form);
      if (field.name === "preset") { this.draft.options = casualOptions(field.value); this.paint(); }
    }
  }

  async act(action, el) {
    if (action === "refresh") this.watch();
    else if (action === "create-open") { this.creating = !this.creating; this.paint(); if (this.creating) this.querySelector("#lb-name")?.focus(); }
    else if (action === "join") this.run({ type: "join_room", room: el.dataset.room });
    else if (action === "watch") this.run({ type: "join_room", room: el.dataset.room, spectate: true });
    else if (action === "signout") store.signOut();
  }

  async submit(form) {
    if (form.getAttribute("name") === "create") {
      this.run({ type: "create_room", settings: readEditor(form) });
    } else if (form.getAttribute("name") === "quick") {
      const message = { type: "quick_match", preset: form.elements.namedItem("preset").value };
      if (form.elements.namedItem("mode").value) message.mode = form.elements.namedItem("mode").value;
      this.run(message);
    } else if (form.getAttribute("name") === "code") {
      const code = form.elements.namedItem("code").value.trim().toUpperCase();
      if (code) this.run({ type: "join_room", code });
    }
  }

  async run(message) {
    this.error = "";
    try {
      await store.request(message);
    } catch (error) {
      this.error = errorText(error);
      toast(this.error, "warn");
      this.paint();
    }
  }

  /** The open rooms (inside .room-box, which paintRooms() redraws alone). */
  roomsMarkup() {
    const rooms = store.lobby || [];
    return rooms.length ? html`<ul class="room-list">${rooms.map((room) => html`
      <li class="room-item" data-room="${room.id}">
        <div class="room-info"><strong>${roomName(room.name)}</strong>
          <span class="muted">${t(`mode.${room.mode}`)} · ${t(`preset.${room.preset}`)} · ${t("lobby.players", { taken: room.taken, seats: room.seats })} · ${t(`status.${room.status}`)}</span>
          ${room.turn_seconds !== undefined ? html`<span class="room-clock small">${raw(ICON_CLOCK)} ${room.turn_seconds ? t("lobby.clock", { s: room.turn_seconds }) : t("lobby.no_clock")}</span>` : ""}
          ${room.host_name ? html`<span class="muted small">${t("lobby.host", { name: room.host_name })}</span>` : ""}
          ${room.bot_accounts ? html`<span class="tag bot-account">${t("lobby.bot_accounts", { n: room.bot_accounts })}</span>` : ""}</div>
        <div class="row">
          <button class="primary" data-action="join" data-room="${room.id}" data-key="join-${room.id}" ${room.taken >= room.seats || room.status !== "open" ? "disabled" : ""} aria-label="${t("lobby.join")}: ${roomName(room.name)}">${t("lobby.join")}</button>
          <button data-action="watch" data-room="${room.id}" data-key="watch-${room.id}" aria-label="${t("lobby.watch")}: ${roomName(room.name)}">${t("lobby.watch")}</button>
        </div></li>`)}</ul>` : html`<p class="muted">${t("lobby.no_rooms")}</p>`;
  }

  paintRooms() {
    const box = this.querySelector(".room-box");
    if (box) patch(box, this.roomsMarkup());
    else this.paint();
  }

  paint() {
    const account = store.account;
    const presets = ["younuo", "classic", "party"];
    patch(this, html`
      <div class="lobby">
        <section class="panel me-panel" aria-label="${t("nav.profile")}">
          ${account ? html`<yn-avatar outfit="${account.avatar?.outfit}" expression="${account.avatar?.expression}" label="${account.name}"></yn-avatar>
          <div><strong>${account.name}</strong>${account.guest ? html` <span class="tag">${t("profile.guest")}</span>` : ""}<br>
          <span class="muted">${t("common.labelled", { label: t("profile.rating"), value: account.rating })} · ${levelName(account.level)} · ${t("common.labelled", { label: t("profile.skill"), value: account.skill ?? "" })}</span></div>
          <div class="row right wrap"><a class="btn" href="#/profile" data-key="to-profile">${t("nav.profile")}</a>
          <a class="btn" href="#/events" data-key="to-events">${t("nav.events")}</a>
          <a class="btn" href="#/friends" data-key="to-friends">${t("nav.friends")}</a>
          ${isStaff(account) ? html`<a class="btn" href="#/admin" data-key="admin">${t("nav.admin")}</a>` : ""}
          <button data-action="signout" data-key="signout">${t("nav.signout")}</button></div>` : ""}
        </section>
        <section class="panel play-now" aria-labelledby="quick-h">
          <h2 id="quick-h">${t("lobby.quick")}</h2>
          <p class="help">${t("lobby.quick_help")}</p>
          <form name="quick" class="row wrap">
            <label class="sr-only" for="quick-preset">${t("create.preset")}</label>
            <select id="quick-preset" name="preset" data-key="quick-preset" data-keep="quick-preset">${presets.map((p) => html`<option value="${p}">${t(`preset.${p}`)}</option>`)}</select>
            <label class="sr-only" for="quick-mode">${t("create.mode")}</label>
            <select id="quick-mode" name="mode" data-key="quick-mode" data-keep="quick-mode"><option value="">${t("lobby.any_mode")}</option>${["ffa", "teams"].map((m) => html`<option value="${m}">${t(`mode.${m}`)}</option>`)}</select>
            <button class="primary" type="submit" data-key="quick-go">${t("lobby.quick_go")}</button>
          </form>
          <h2 id="code-h">${t("lobby.join_code")}</h2>
          <form name="code" class="row">
            <label class="sr-only" for="join-code">${t("lobby.code")}</label>
            <input id="join-code" name="code" maxlength="12" autocomplete="off" autocapitalize="characters" placeholder="K7QZ2MXP4H" data-key="join-code" data-keep="join-code">
            <button type="submit" data-key="code-go">${t("lobby.join")}</button>
          </form>
          <button class="primary wide" data-action="create-open" data-key="create-open" aria-expanded="${this.creating}">${t("lobby.create")}</button>
          <p class="error" role="alert">${this.error}</p>
        </section>
        <div class="lobby-main">
        ${this.creating ? html`
        <section class="panel creator" aria-labelledby="create-h">
          <h2 id="create-h">${t("lobby.create")}</h2>
          <form name="create" class="editor">
            <p class="help casual-note">${t("create.casual_clock", { s: CASUAL_TURN_SECONDS })}</p>
            ${editorMarkup(this.draft, "lb")}
            <div class="row right sticky-bottom">
              <button type="button" data-action="create-open" data-key="create-cancel">${t("common.cancel")}</button>
              <button class="primary" type="submit" data-key="create-go">${t("create.submit")}</button>
            </div>
          </form>
        </section>` : ""}
        <section class="panel rooms" aria-labelledby="rooms-h">
          <div class="row spread"><h2 id="rooms-h">${t("lobby.rooms")}</h2>
            <button class="icon-btn" data-action="refresh" data-key="refresh" aria-label="${t("common.refresh")}" title="${t("common.refresh")}">⟳</button></div>
          <div class="row wrap filters" role="group" aria-label="${t("lobby.filters")}">
            <label>${t("create.mode")} <select name="filter-mode" data-key="f-mode">
              <option value="">${t("lobby.any")}</option>${["ffa", "teams"].map((m) => html`<option value="${m}" ${this.filters.mode === m ? "selected" : ""}>${t(`mode.${m}`)}</option>`)}</select></label>
            <label>${t("create.preset")} <select name="filter-preset" data-key="f-preset">
              <option value="">${t("lobby.any")}</option>${presets.map((p) => html`<option value="${p}" ${this.filters.preset === p ? "selected" : ""}>${t(`preset.${p}`)}</option>`)}</select></label>
            <label><input type="checkbox" name="filter-free" data-key="f-free" ${this.filters.free ? "checked" : ""}> ${t("lobby.free_only")}</label>
          </div>
          <div class="room-box">${this.roomsMarkup()}</div>
        </section>
        </div>
        <section class="panel leaders" aria-labelledby="lead-h">
          <h2 id="lead-h">${t("lobby.leaderboard")}</h2>
          ${this.leaders === null ? html`<p class="muted">${t("common.loading")}</p>` : this.leaders.length ? html`
          <ol class="leader-list">${this.leaders.map((row) => html`<li><a href="#/profile/${row.account}">${row.name}</a> ${titleBadge(row.title)}
            <span class="muted leader-score"><strong data-testid="leader-skill" title="${t("profile.skill")}">${row.skill}</strong> · ${levelName(row.level)} (${row.rating})</span></li>`)}</ol>` : html`<p class="muted">${t("lobby.no_leaders")}</p>`}
        </section>
      </div>`);
  }
}

customElements.define("yn-lobby", Lobby);
