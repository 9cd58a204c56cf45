// Tournaments (#/events, #/events/ID; docs/tournaments.md): the public events with their
// status, the series with each event's next instance and the latest champions, one
// event's registrations (an event fed by others: its qualifiers only), check-in, standings and tables (updated live:
// read again when the server says the event changed, which it tells its registrants,
// else every few seconds while it is open or running), a private event opened
// by its id and entered with its code, and the creation form (an admin's events are
// public; anyone's with a code are private). When a player's table starts, the server
// seats them in its match and the app shows the table by itself.

import { html, onAction, patch } from "../dom.js";
import { dateTime, errorText, onLanguage, t } from "../i18n.js";
import { api } from "../net.js";
import { announce, toast } from "../parts/notice.js";
import { store } from "../store.js";

const FORMATS = ["elimination", "swiss", "league"];
const LIVE_MS = 3000; // how often an open event is read again by someone not registered
const PUSHED_MS = 30000; // by a registrant, who is told of each change (tournament_update)

class Events extends HTMLElement {
  connectedCallback() {
    this.list = null;
    this.series = [];
    this.event = null;
    this.names = new Map();
    this.error = "";
    this.paint();
    this.off = onLanguage(() => this.paint());
    onAction(this, (action, el) => this.act(action, el));
    this.addEventListener("submit", (e) => { e.preventDefault(); this.submit(e.target); });
    this.hash = () => this.load();
    window.addEventListener("hashchange", this.hash);
    this.loadedAt = 0;
    this.timer = setInterval(() => {
      if (this.live && (!this.registered || Date.now() - this.loadedAt >= PUSHED_MS)) this.load(true);
    }, LIVE_MS);
    // A registrant is told when the event changes: read it again at once.
    this.offPush = store.on(["tournament"], ({ tournament }) => { if (tournament === this.eventId) this.load(true); });
    this.load();
  }

  disconnectedCallback() {
    this.off();
    this.offPush();
    clearInterval(this.timer);
    window.removeEventListener("hashchange", this.hash);
  }

  get eventId() {
    const id = location.hash.split("/")[2];
    return id ? decodeURIComponent(id) : null;
  }

  get live() { return ["registration", "running"].includes(this.event?.status) && this.eventId; }

  /** Whether the reader is registered for the open event (so told of its changes). */
  get registered() { return Boolean(this.event?.registrations.some((r) => r.account === store.account?.id)); }

  async load(quiet = false) {
    if (!location.hash.startsWith("#/events")) return;
    this.loadedAt = Date.now();
    try {
      if (this.eventId) {
        this.event = await api("GET", `/api/tournaments/${encodeURIComponent(this.eventId)}`);
        await this.learnNames(this.event);
      } else {
        this.event = null;
        [this.list, this.series] = await Promise.all([
          api("GET", "/api/tournaments?limit=50"), api("GET", "/api/series"),
        ]);
        await this.learnIds(this.series.flatMap((s) => Object.values(s.results).map((places) => places[0])));
      }
      this.error = "";
    } catch (error) { if (!quiet) this.error = errorText(error); }
    this.paint();
  }

  /** Entrants are account ids: their names, asked once each. */
  learnNames(event) {
    return this.learnIds([...event.registrations.map((r) => r.account), ...event.entrants.map((e) => e.id)]);
  }

  async learnIds(accounts) {
    const ids = new Set(accounts.filter(Boolean));
    await Promise.all([...ids].filter((id) => !id.startsWith("bot:") && !this.names.has(id)).map(async (id) => {
      try { this.names.set(id, (await api("GET", `/api/accounts/${encodeURIComponent(id)}`)).name); } catch { this.names.set(id, id); }
    }));
  }

  nameOf(id) {
    if (id.startsWith("bot:")) return t("events.bot", { n: id.slice(4) });
    return this.names.get(id) || id;
  }

  async act(action) {
    if (action === "back") { location.hash = this.eventId ? "#/events" : ""; return; }
    const id = this.event?.id;
    if (!id) return;
    const body = action === "register" ? { code: this.querySelector("#ev-code")?.value.trim() || null } : {};
    const path = { register: "register", unregister: "unregister", "check-in": "check-in", cancel: "cancel" }[action];
    if (!path) return;
    try {
      this.event = await api("POST", `/api/tournaments/${encodeURIComponent(id)}/${path}`, action === "register" ? body : undefined);
      announce(t(`events.done.${action}`));
    } catch (error) { toast(errorText(error), "warn"); }
    this.paint();
  }

  async submit(form) {
    const field = (name) => form.elements.namedItem(name);
    if (form.getAttribute("name") === "open") {
      location.hash = `#/events/${encodeURIComponent(field("id").value.trim())}`;
      return;
    }
    const body = {
      name: field("name").value.trim(),
      format: field("format").value,
      starts_at: new Date(field("starts").value).toISOString(),
      cap: Number(field("cap").value),
      check_in: Number(field("checkin").value) * 60,
      options: { scoring: "single" },
    };
    const code = field("code").value.trim();
    if (code) body.code = code;
    try {
      const made = await api("POST", "/api/tournaments", body);
      location.hash = `#/events/${encodeURIComponent(made.id)}`;
    } catch (error) { toast(errorText(error), "warn"); }
  }

  listMarkup() {
    const rows = this.list;
    if (rows === null) return html`<p class="muted">${t("common.loading")}</p>`;
    if (!rows.length) return html`<p class="muted">${t("events.none")}</p>`;
    return html`<ul class="event-list">${rows.map((e) => html`<li class="event-item" data-event="${e.id}">
      <a href="#/events/${encodeURIComponent(e.id)}" data-key="event-${e.id}"><strong>${e.name}</strong></a>
      <span class="muted small">${t(`events.format.${e.format}`)} · ${t(`events.status.${e.status}`)} · ${dateTime(e.starts_at)} · ${t("events.registered", { n: e.registered, cap: e.cap })}</span></li>`)}</ul>`;
  }

  /** Each series: its events' next instances (a link once open for entry) and the
   * champions of its latest finished instances. */
  seriesMarkup() {
    if (!this.series.length) return "";
    const now = Date.now();
    return html`<section class="panel"><h2>${t("events.series")}</h2>
      ${this.series.map((s) => {
        const champions = Object.entries(s.results).filter(([, places]) => places.length).slice(-3).reverse();
        return html`<div class="series-item" data-series="${s.key}"><h3>${s.name}</h3>
          <ul class="event-list">${s.upcoming.map((u) => {
            const open = new Date(u.opens_at).getTime() <= now;
            const title = `${t(`events.level.${u.level}`)} · ${dateTime(u.starts_at)}`;
            return html`<li class="event-item" data-upcoming="${u.key}">
              ${open ? html`<a href="#/events/${encodeURIComponent(u.key)}" data-key="event-${u.key}"><strong>${title}</strong></a>` : html`<strong>${title}</strong>`}
              <span class="muted small">${open ? t("events.status.registration") : t("events.opens", { when: dateTime(u.opens_at) })}${u.qualifiers_only ? ` · ${t("events.qualifiers_only")}` : ""}</span></li>`;
          })}</ul>
          ${champions.length ? html`<p class="small">🏆 ${champions.map(([key, places], i) => html`${i ? " · " : ""}<a href="#/events/${encodeURIComponent(key)}" data-key="champion-${key}">${t("events.champion", { name: this.nameOf(places[0]) })}</a>`)}</p>` : ""}
        </div>`;
      })}</section>`;
  }

  /** Registering, or why one may not: a fed event takes its qualifiers only. */
  entryMarkup(e, me) {
    if (e.qualified !== null && !e.qualified.includes(me)) {
      return html`<p class="muted" data-key="ev-not-qualified">${t("events.not_qualified")}</p>`;
    }
    return html`${e.qualified !== null ? html`<span class="tag">✓ ${t("events.you_qualified")}</span>` : ""}
      ${e.private ? html`<label for="ev-code">${t("events.code")}</label><input id="ev-code" maxlength="16" data-key="ev-code" data-keep="ev-code">` : ""}
      <button class="primary" data-action="register" data-key="ev-register">${t("events.register")}</button>`;
  }

  createMarkup() {
    const soon = new Date(Date.now() + 3600_000);
    const local = new Date(soon.getTime() - soon.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    return html`<form name="create" class="stack"><h2>${t("events.create")}</h2>
      <p class="help">${t(store.account?.role === "admin" ? "events.create_admin" : "events.create_private")}</p>
      <label for="ev-name">${t("events.name")}</label><input id="ev-name" name="name" maxlength="60" required data-key="ev-name" data-keep="ev-name">
      <label for="ev-format">${t("events.format")}</label><select id="ev-format" name="format" data-key="ev-format">${FORMATS.map((f) => html`<option value="${f}">${t(`events.format.${f}`)}</option>`)}</select>
      <label for="ev-starts">${t("events.starts")}</label><input id="ev-starts" name="starts" type="datetime-local" value="${local}" required data-key="ev-starts" data-keep="ev-starts">
      <label for="ev-cap">${t("events.cap")}</label><input id="ev-cap" name="cap" type="number" min="4" max="512" value="16" data-key="ev-cap" data-keep="ev-cap">
      <label for="ev-checkin">${t("events.checkin_minutes")}</label><input id="ev-checkin" name="checkin" type="number" min="0" max="120" value="0" data-key="ev-checkin" data-keep="ev-checkin">
      <label for="ev-newcode">${t("events.code")}</label><input id="ev-newcode" name="code" maxlength="16" data-key="ev-newcode" data-keep="ev-newcode">
      <button type="submit" class="primary" data-key="ev-create">${t("events.create_go")}</button></form>`;
  }

  detailMarkup(e) {
    const me = store.account?.id;
    const mine = e.registrations.find((r) => r.account === me);
    const opens = new Date(e.spec.starts_at).getTime() - (e.spec.check_in || 0) * 1000;
    const canCheckIn = mine && !mine.checked_in && e.spec.check_in > 0 && Date.now() >= opens;
    const myTable = e.tables.find((tb) => !tb.done && tb.seats.includes(me));
    return html`<section class="panel event-detail" data-status="${e.status}">
      <h2>${e.name} <span class="tag">${t(`events.status.${e.status}`)}</span>${e.private ? html` <span class="tag">${t("events.private")}</span>` : ""}${e.qualified !== null ? html` <span class="tag">${t("events.qualifiers_only")}</span>` : ""}</h2>
      <p class="muted">${t(`events.format.${e.spec.format}`)} · ${dateTime(e.spec.starts_at)} · ${t("events.registered", { n: e.registrations.length, cap: e.spec.cap })}${e.code ? ` · ${t("events.code")}: ${e.code}` : ""}</p>
      ${e.status === "registration" ? html`<div class="row wrap">
        ${mine ? html`<button data-action="unregister" data-key="ev-unregister">${t("events.unregister")}</button>
          ${canCheckIn ? html`<button class="primary" data-action="check-in" data-key="ev-checkin-go">${t("events.check_in")}</button>` : mine.checked_in ? html`<span class="tag">✓ ${t("events.checked_in")}</span>` : ""}`
        : this.entryMarkup(e, me)}
        ${store.account?.role === "admin" ? html`<button class="danger" data-action="cancel" data-key="ev-cancel">${t("events.cancel")}</button>` : ""}
      </div>` : ""}
      ${myTable ? html`<p class="notice" role="status">${t("events.your_table", { n: myTable.number })}</p>` : ""}
      ${e.cancelled ? html`<p class="muted">${t("events.cancelled")}</p>` : ""}
      ${e.places.length ? html`<p class="champion">🏆 ${t("events.champion", { name: this.nameOf(e.places[0]) })}</p>` : ""}
    </section>
    ${e.standings.length ? html`<section class="panel"><h2>${t("events.standings")}</h2>
      <table class="standings"><thead><tr><th>#</th><th>${t("events.player")}</th><th>${t("events.points")}</th><th>${t("events.played")}</th></tr></thead>
      <tbody>${e.standings.map((s) => html`<tr class="${s.out ? "out" : ""} ${s.entrant === me ? "mine" : ""}"><td>${s.place}</td><td>${this.nameOf(s.entrant)}</td><td>${s.points}</td><td>${s.played}</td></tr>`)}</tbody></table></section>` : ""}
    ${e.tables.length ? html`<section class="panel"><h2>${t("events.tables")}</h2>
      <ul class="event-tables">${e.tables.map((tb) => html`<li data-table="${tb.id}"><strong>${t("events.table_n", { stage: tb.stage, n: tb.number })}</strong>
        ${tb.done ? html`<span class="tag">✓</span>` : html`<span class="tag live">${t("events.playing")}</span>`}
        <span class="small">${(tb.places || tb.seats).map((id) => this.nameOf(id)).join(" · ")}</span></li>`)}</ul></section>` : ""}
    ${e.registrations.length && !e.standings.length ? html`<section class="panel"><h2>${t("events.entrants")}</h2>
      <ul class="event-entrants">${e.registrations.map((r) => html`<li>${this.nameOf(r.account)}${r.checked_in ? " ✓" : ""}</li>`)}</ul></section>` : ""}`;
  }

  paint() {
    patch(this, html`<div class="stack events">
      <section class="panel"><div class="row spread"><h1>${t("events.title")}</h1><button data-action="back" data-key="back">${t("common.back")}</button></div>
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : ""}
        ${this.eventId ? "" : html`${this.listMarkup()}
          <form name="open" class="row wrap"><label for="ev-id">${t("events.open_by_id")}</label><input id="ev-id" name="id" maxlength="80" required data-key="ev-id" data-keep="ev-id"><button type="submit" data-key="ev-open">${t("events.open")}</button></form>`}
      </section>
      ${this.eventId && this.event ? this.detailMarkup(this.event) : ""}
      ${this.eventId ? "" : this.seriesMarkup()}
      ${this.eventId ? "" : html`<section class="panel">${this.createMarkup()}</section>`}
    </div>`);
  }
}

customElements.define("yn-events", Events);
