// The profile: rating and level (R-LEVEL names in the chosen language), avatar, name,
// turning a guest into an account, and the match history with links to replays. On your
// own profile: downloading your data and deleting your account (docs/security.md, Privacy).

import { html, onAction, patch } from "../dom.js";
import { dateTime, errorText, levelName, onLanguage, t } from "../i18n.js";
import { botsOf, namesWith } from "../names.js";
import { api } from "../net.js";
import { toast } from "../parts/notice.js";
import { titleBadge, titleLine } from "../parts/titles.js";
import { reportMenu } from "../social/report.js";
import { store } from "../store.js";

class Profile extends HTMLElement {
  connectedCallback() {
    this.account = null;
    this.matches = null;
    this.titles = null;
    this.error = "";
    this.paint();
    this.off = onLanguage(() => this.paint());
    this.hash = () => this.load();
    window.addEventListener("hashchange", this.hash);
    onAction(this, (action, el) => this.act(action, el));
    this.addEventListener("submit", (event) => { event.preventDefault(); this.submit(event.target); });
    this.load();
  }

  disconnectedCallback() {
    window.removeEventListener("hashchange", this.hash);
    if (this.off) this.off();
  }

  get accountId() {
    const id = location.hash.split("/")[2];
    return id ? decodeURIComponent(id) : store.account?.id;
  }

  get own() { return this.accountId === store.account?.id; }

  async load() {
    if (!location.hash.startsWith("#/profile")) return;
    const id = this.accountId;
    try {
      this.account = this.own ? await api("GET", "/api/me") : await api("GET", `/api/accounts/${encodeURIComponent(id)}`);
      if (this.own) store.setAccount(this.account);
    } catch (error) { this.error = errorText(error); }
    this.paint();
    try {
      this.matches = await api("GET", `/api/accounts/${encodeURIComponent(id)}/matches?limit=20`);
    } catch { this.matches = []; }
    this.bots = await this.botsByMatch(this.matches);
    // Titles, held and past (an expired or revoked one, with the moderator's reason).
    try { this.titles = await api("GET", `/api/accounts/${encodeURIComponent(id)}/titles`); } catch { this.titles = null; }
    // The moderators' decisions on fair-play cases that named you: yours alone to see.
    this.decisions = [];
    if (this.own) {
      try { this.decisions = await api("GET", "/api/me/decisions"); } catch { /* shown next time */ }
    }
    this.paint();
  }

  async act(action, el) {
    if (action === "back") { location.hash = ""; return; }
    const id = this.account?.id;
    try {
      if (action === "befriend") await api("POST", "/api/me/friends", { account: id });
      else if (action === "block") await api("POST", "/api/me/blocks", { account: id });
      else if (action === "download") { await this.download(); return; }
      else if (action === "delete-open") { this.deleting = true; this.paint(); return; }
      else if (action === "delete-cancel") { this.deleting = false; this.paint(); return; }
      else if (action === "report-open") { this.reporting = true; this.paint(); return; }
      else if (action === "report-close") { this.reporting = false; this.paint(); return; }
      else if (action === "report-send") {
        this.reporting = false;
        await api("POST", "/api/reports", { account: id, reason: el.dataset.reason, source: "profile" });
        toast(t("social.reported"));
        this.paint();
        return;
      } else return;
      toast(t("social.done"));
    } catch (error) { toast(errorText(error), "warn"); }
  }

  /** Everything the server keeps that is yours, saved as a JSON file by the browser. */
  async download() {
    const data = await api("GET", "/api/me/data");
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `younuo-data-${data.account.id}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast(t("profile.downloaded"));
  }

  async submit(form) {
    try {
      if (form.getAttribute("name") === "delete") {
        const body = { confirm: form.elements.namedItem("confirm").value };
        const password = form.elements.namedItem("password");
        if (password) body.password = password.value;
        await api("DELETE", "/api/me", body);
        this.deleting = false;
        // The token opens nothing any more: forget the account on this browser.
        await store.signOut();
        toast(t("profile.deleted"));
        location.hash = "";
        return;
      }
      if (form.getAttribute("name") === "rename") {
        this.account = await api("PATCH", "/api/me", { name: form.elements.namedItem("name").value.trim() });
        store.setAccount(this.account);
        toast(t("profile.saved"));
      } else if (form.getAttribute("name") === "register") {
        const session = await api("POST", "/api/auth/register", { name: form.elements.namedItem("name").value.trim(), password: form.elements.namedItem("password").value });
        await store.begin(session);
        this.account = session.account;
        toast(t("profile.registered"));
      }
    } catch (error) {
      toast(errorText(error), "warn");
    }
    this.paint();
  }

  /**
   * The bots of each listed match whose players include a bot-like name ("Bot Mimi"):
   * the history holds only this player's result, so the match's own results (a server
   * bot has no account) tell a bot from a person who chose such a name.
   */
  async botsByMatch(matches) {
    const looked = (matches || []).filter((m) => (m.players || []).some((p) => /^Bot \S+$/.test(p)));
    const found = await Promise.all(looked.map((m) => api("GET", `/api/matches/${encodeURIComponent(m.id)}`).catch(() => null)));
    return new Map(looked.map((m, i) => [m.id, botsOf(found[i]?.results)]));
  }

  matchRow(m) {
    const id = m.id || m.match;
    const results = m.results || [];
    const mine = results.find((r) => r.account === this.accountId);
    const players = m.players || results.map((r) => r.name);
    const name = namesWith(this.bots?.get(m.id) || botsOf(results));
    return html`<li class="match-item">
      <div><strong>${dateTime(m.ended_at || m.finished_at || m.started_at || m.created_at)}</strong>
        <span class="muted small">${m.rules?.preset ? t(`preset.${m.rules.preset}`) : m.preset ? t(`preset.${m.preset}`) : ""}${m.status ? ` · ${t(`mstatus.${m.status}`) === `mstatus.${m.status}` ? m.status : t(`mstatus.${m.status}`)}` : ""}</span><br>
        <span class="small">${(players || []).map((p) => name(typeof p === "string" ? p : p.name)).join(t("list.sep"))}</span>
        ${m.winner ? html`<br><span class="small">★ ${name(m.winner)}</span>` : ""}
        ${mine ? html`<br><span class="small">${t("common.labelled", { label: t("results.score"), value: mine.score })}${mine.rating_change !== undefined ? ` · ${t("common.labelled", { label: t("results.change"), value: `${mine.rating_change >= 0 ? "+" : ""}${mine.rating_change}` })}` : ""}${mine.skill_change != null ? html` · <span class="skill-change">${t("common.labelled", { label: t("profile.skill"), value: `${mine.skill_change >= 0 ? "+" : ""}${mine.skill_change}` })}</span>` : ""}</span>` : ""}</div>
      ${id ? html`<a class="btn" href="#/replay/${id}" data-key="replay-${id}">${t("profile.replay")}</a>` : ""}
    </li>`;
  }

  /** Your data and deleting the account: your own profile only. */
  privacy(a) {
    return html`<section class="panel privacy">
      <h2>${t("profile.data")}</h2>
      <p class="help">${t("profile.data_help")}</p>
      <button data-action="download" data-key="pf-download">${t("profile.download")}</button>
      <h3>${t("profile.delete")}</h3>
      <p class="help">${t("profile.delete_help")}</p>
      ${this.deleting ? html`<form name="delete" class="stack">
        <label for="pf-confirm">${t("profile.delete_confirm", { name: a.name })}</label>
        <input id="pf-confirm" name="confirm" maxlength="40" autocomplete="off" data-key="pf-confirm" data-keep="pf-confirm" required>
        ${a.guest ? "" : html`<label for="pf-dpass">${t("signin.password")}</label>
        <input id="pf-dpass" name="password" type="password" autocomplete="current-password" data-key="pf-dpass" data-keep="pf-dpass" required>`}
        <div class="row wrap"><button type="submit" class="danger" data-key="pf-delete-go">${t("profile.delete_go")}</button>
          <button type="button" data-action="delete-cancel" data-key="pf-delete-cancel">${t("common.cancel")}</button></div>
      </form>` : html`<button class="danger" data-action="delete-open" data-key="pf-delete">${t("profile.delete_open")}</button>`}
    </section>`;
  }

  paint() {
    const a = this.account;
    patch(this, html`<div class="profile">
      <section class="panel">
        <div class="row spread"><h1>${t("profile.title")}</h1><button data-action="back" data-key="back">${t("common.back")}</button></div>
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : ""}
        ${a ? html`<div class="profile-head">
          <yn-avatar class="big-avatar" outfit="${a.avatar?.outfit}" expression="${a.avatar?.expression}" label="${a.name}"></yn-avatar>
          <div><h2>${a.name}${a.guest ? html` <span class="tag">${t("profile.guest")}</span>` : ""}${a.title ? html` ${titleBadge(a.title)}` : ""}</h2>
            <p class="rating"><span class="label">${t("profile.rating")}</span> <strong data-testid="rating">${a.rating}</strong></p>
            <p class="level"><span class="label">${t("profile.level")}</span> <strong>${t("profile.level_n", { n: a.level?.number ?? "" })} · ${levelName(a.level)}</strong></p>
            <p class="skill" title="${t("profile.skill_hint")}"><span class="label">${t("profile.skill")}</span> <strong data-testid="skill">${a.skill ?? ""}</strong></p>
            <p class="small muted">${t("profile.skill_hint")}</p></div>
        </div>` : html`<p class="muted">${t("common.loading")}</p>`}
        ${a && !this.own ? html`<div class="row wrap social-actions">
          <button data-action="befriend" data-key="befriend">${t("social.ask")}</button>
          <button data-action="block" data-key="block">${t("social.block")}</button>
          <button class="link" data-action="report-open" data-key="report-open">⚑ ${t("social.report")}</button></div>
          ${this.reporting ? reportMenu(a.name) : ""}` : ""}
      </section>
      ${a && this.own ? html`<section class="panel">
        <form name="rename" class="row wrap"><label for="pf-name">${t("profile.rename")}</label>
          <input id="pf-name" name="name" maxlength="20" value="${a.name}" data-key="pf-name" data-keep="pf-name" required>
          <button type="submit" data-key="pf-rename">${t("common.save")}</button></form>
        ${a.guest ? html`<form name="register" class="stack"><h2>${t("profile.register")}</h2><p class="help">${t("profile.register_help")}</p>
          <label for="pf-rname">${t("signin.name")}</label><input id="pf-rname" name="name" maxlength="20" value="${a.name}" data-key="pf-rname" data-keep="pf-rname" required>
          <label for="pf-pass">${t("signin.password")}</label><input id="pf-pass" name="password" type="password" minlength="8" autocomplete="new-password" data-key="pf-pass" data-keep="pf-pass" required>
          <button type="submit" class="primary" data-key="pf-register">${t("signin.register")}</button></form>` : ""}
      </section>` : ""}
      ${a && this.own ? this.privacy(a) : ""}
      ${this.titles && (this.titles.active.length || this.titles.history.length) ? html`<section class="panel titles">
        <h2>${t("profile.titles")}</h2>
        ${this.titles.active.length ? html`<ul class="title-list">${this.titles.active.map(titleLine)}</ul>` : ""}
        ${this.titles.history.length ? html`<h3>${t("profile.titles_history")}</h3>
        <ul class="title-list past">${this.titles.history.map(titleLine)}</ul>` : ""}
      </section>` : ""}
      ${this.decisions?.length ? html`<section class="panel decisions">
        <h2>${t("profile.decisions")}</h2>
        <ul class="decision-list">${this.decisions.map((d) => html`<li><strong>${t(`admin.verdict.${d.verdict}`)}</strong>${d.points ? ` (−${d.points})` : ""}
          · ${t(`admin.case.${d.kind}`)} · <span class="muted small">${dateTime(d.decided_at)}</span><br><q>${d.note}</q></li>`)}</ul>
      </section>` : ""}
      <section class="panel">
        <h2>${t("profile.history")}</h2>
        ${this.matches === null ? html`<p class="muted">${t("common.loading")}</p>` : this.matches.length
          ? html`<ul class="match-list">${this.matches.map((m) => this.matchRow(m))}</ul>` : html`<p class="muted">${t("profile.none")}</p>`}
      </section>
    </div>`);
  }
}

customElements.define("yn-profile", Profile);
