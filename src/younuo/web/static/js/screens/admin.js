// The admin area (#/admin), for moderators and admins: find an account by name, see its
// role and standing, suspend, ban or reinstate it with a reason, grant roles (admins),
// and read the audit log of every admin action. The server checks each action against
// the caller's role (docs/deploy.md, Admins and moderators), and the fair-play review
// queue: each case's summary, figures and matches (links to their replays), decided
// with a verdict and a reason the players named see. This screen only offers
// what the role may do. A done action shows in the account's card and the log (and is
// said in the live region), not in a toast over the buttons.

import { html, onAction, patch } from "../dom.js";
import { dateTime, errorText, onLanguage, t } from "../i18n.js";
import { api } from "../net.js";
import { announce, toast } from "../parts/notice.js";
import { titleBadge } from "../parts/titles.js";
import { store } from "../store.js";

const ROLES = ["player", "moderator", "admin"];
const VERDICTS = ["dismiss", "warn", "deduct"];
// Suspensions a moderator picks from, in seconds.
const DURATIONS = [3600, 86400, 7 * 86400, 30 * 86400];

/** Whether the signed-in account may open the admin area. */
export function isStaff(account) { return account?.role === "moderator" || account?.role === "admin"; }

class Admin extends HTMLElement {
  connectedCallback() {
    this.found = null; // the accounts of the last search
    this.log = null;
    this.cases = null;
    this.titles = new Map(); // the found accounts' titles, for revoking
    this.series = null;
    this.reports = null;
    this.error = "";
    this.paint();
    this.off = onLanguage(() => this.paint());
    this.offStore = store.on(["account"], () => this.paint());
    onAction(this, (action, el) => this.act(action, el));
    this.addEventListener("submit", (event) => { event.preventDefault(); this.submit(event.target); });
    this.loadLog();
    this.loadCases();
    this.loadSeries();
    this.loadReports();
  }

  async loadReports() {
    try { this.reports = await api("GET", "/api/admin/reports?status=open&limit=50"); } catch { this.reports = []; }
    this.paint();
  }

  /** One player report: who, why, where, the messages attached, and the decision form. */
  reportCard(r) {
    const said = r.evidence?.messages || [];
    return html`<li class="panel report-card" data-report="${r.id}">
      <h3>${t(`report.reason.${r.reason}`)} · <span class="small muted">${t(`social.source.${r.source}`)} · ${dateTime(r.opened_at)}</span></h3>
      <p class="small">${t("admin.report_of", { reported: r.evidence?.reported_name || r.reported, reporter: r.evidence?.reporter_name || r.reporter })}</p>
      ${said.length ? html`<ul class="small">${said.map((m) => html`<li><q>${m.text || t(`phrase.${m.phrase}`)}</q></li>`)}</ul>` : ""}
      <form name="report" class="stack" data-report="${r.id}">
        <label for="rp-note-${r.id}">${t("admin.reason")}</label>
        <input id="rp-note-${r.id}" name="note" maxlength="1000" required data-key="rp-note-${r.id}" data-keep="rp-note-${r.id}">
        <label for="rp-action-${r.id}">${t("admin.report_action")}</label>
        <select id="rp-action-${r.id}" name="action" data-key="rp-action-${r.id}" data-keep="rp-action-${r.id}">${["dismiss", "warn", "mute"].map((a) => html`<option value="${a}">${t(`admin.report.${a}`)}</option>`)}</select>
        <label for="rp-minutes-${r.id}">${t("admin.report_minutes")}</label>
        <input id="rp-minutes-${r.id}" name="minutes" type="number" min="1" max="43200" value="60" data-key="rp-minutes-${r.id}" data-keep="rp-minutes-${r.id}">
        <button type="submit" data-key="rp-go-${r.id}">${t("admin.decide")}</button></form></li>`;
  }

  async loadTitles() {
    await Promise.all((this.found || []).map(async (a) => {
      try { this.titles.set(a.id, await api("GET", `/api/accounts/${encodeURIComponent(a.id)}/titles`)); } catch { /* shown without */ }
    }));
  }

  async loadSeries() {
    try { this.series = await api("GET", "/api/series"); } catch { this.series = []; }
    this.paint();
  }

  /** An account's valid titles, each with the form that revokes it (a reason needed). */
  titlesMarkup(a) {
    const active = this.titles?.get(a.id)?.active || [];
    if (!active.length) return "";
    return html`<ul class="title-list">${active.map((title) => html`<li>
      <form name="revoke" class="row wrap" data-account="${a.id}" data-event="${title.event}">
        ${titleBadge(title.kind)} <span class="small">${title.event}</span>
        <label for="rv-${a.id}-${title.event}" class="small">${t("admin.reason")}</label>
        <input id="rv-${a.id}-${title.event}" name="reason" maxlength="200" required data-key="rv-${a.id}-${title.event}" data-keep="rv-${a.id}-${title.event}">
        <button type="submit" class="danger" data-key="rv-go-${a.id}-${title.event}">${t("admin.revoke_title")}</button></form></li>`)}</ul>`;
  }

  async loadCases() {
    try { this.cases = await api("GET", "/api/admin/cases?status=open&limit=50"); } catch { this.cases = []; }
    this.paint();
  }

  disconnectedCallback() { this.off(); this.offStore(); }

  get isAdmin() { return store.account?.role === "admin"; }

  async loadLog() {
    try { this.log = await api("GET", "/api/admin/audit?limit=50"); } catch (error) { this.error = errorText(error); this.log = []; }
    this.paint();
  }

  async submit(form) {
    const field = (name) => form.elements.namedItem(name);
    try {
      if (form.getAttribute("name") === "find") {
        this.found = await api("GET", `/api/admin/accounts?name=${encodeURIComponent(field("name").value.trim())}`);
        await this.loadTitles();
      } else if (form.getAttribute("name") === "revoke") {
        const body = { event: form.dataset.event, reason: field("reason").value.trim() };
        this.titles.set(form.dataset.account, await api("POST", `/api/admin/accounts/${encodeURIComponent(form.dataset.account)}/titles/revoke`, body));
        announce(t("admin.done"));
        this.loadLog();
      } else if (form.getAttribute("name") === "rename") {
        const body = { name: field("name").value.trim(), reason: field("why").value.trim() };
        this.replace(await api("POST", `/api/admin/accounts/${encodeURIComponent(form.dataset.account)}/name`, body));
        announce(t("admin.done"));
        this.loadLog();
      } else if (form.getAttribute("name") === "report") {
        const body = { action: field("action").value, note: field("note").value.trim() };
        if (body.action === "mute") body.minutes = Number(field("minutes").value);
        await api("POST", `/api/admin/reports/${encodeURIComponent(form.dataset.report)}/decision`, body);
        announce(t("admin.done"));
        this.loadReports();
        this.loadLog();
      } else if (form.getAttribute("name") === "series") {
        let series;
        try { series = JSON.parse(field("series").value); } catch { toast(t("admin.series_json"), "warn"); return; }
        await api("POST", "/api/admin/series", { series });
        announce(t("admin.done"));
        this.loadSeries();
        this.loadLog();
      } else if (form.getAttribute("name") === "decide") {
        const body = { verdict: field("verdict").value, note: field("note").value.trim() };
        if (body.verdict === "deduct") body.points = Number(field("points").value);
        await api("POST", `/api/admin/cases/${encodeURIComponent(form.dataset.case)}/decision`, body);
        announce(t("admin.done"));
        this.loadCases();
        this.loadLog();
      } else if (form.getAttribute("name") === "standing") {
        const standing = form.dataset.standing;
        const body = { standing, reason: field("reason").value.trim() };
        if (standing === "suspended") body.seconds = Number(field("seconds").value);
        this.replace(await api("POST", `/api/admin/accounts/${encodeURIComponent(form.dataset.account)}/standing`, body));
        announce(t("admin.done"));
        this.loadLog();
      }
    } catch (error) {
      toast(errorText(error), "warn");
    }
    this.paint();
  }

  /** The account as the server now has it, in place of the one shown. */
  replace(account) {
    this.found = (this.found || []).map((a) => (a.id === account.id ? account : a));
  }

  async act(action, el) {
    if (action === "back") { location.hash = ""; return; }
    if (action === "standing") {
      // The reason and duration are in the account's form; the button says which standing.
      const form = el.closest("form");
      form.dataset.standing = el.dataset.standing;
      if (form.reportValidity()) this.submit(form);
      return;
    }
    if (action === "role") {
      const role = this.querySelector(`#role-${CSS.escape(el.dataset.account)}`).value;
      try {
        this.replace(await api("POST", `/api/admin/accounts/${encodeURIComponent(el.dataset.account)}/role`, { role }));
        announce(t("admin.done"));
        this.loadLog();
      } catch (error) { toast(errorText(error), "warn"); }
      this.paint();
    }
  }

  accountCard(a) {
    const self = a.id === store.account?.id;
    const standing = a.standing === "suspended" ? t("admin.standing.suspended_until", { when: dateTime(a.standing_until) }) : t(`admin.standing.${a.standing}`);
    return html`<li class="panel account-card" data-account="${a.id}" data-key="acc-${a.id}">
      <h3>${a.name} ${a.guest ? html`<span class="tag">${t("profile.guest")}</span>` : ""}</h3>
      <p class="small muted">${a.id} · ${t("profile.rating")} ${a.rating} · ${t(`admin.role.${a.role}`)} · <span class="standing">${standing}</span></p>
      ${this.titlesMarkup(a)}
      ${self ? "" : html`<form name="rename" class="row wrap" data-account="${a.id}">
        <label for="rn-${a.id}">${t("admin.new_name")}</label><input id="rn-${a.id}" name="name" maxlength="20" required data-key="rn-${a.id}" data-keep="rn-${a.id}">
        <label for="rn-why-${a.id}">${t("admin.reason")}</label><input id="rn-why-${a.id}" name="why" maxlength="500" required data-key="rn-why-${a.id}" data-keep="rn-why-${a.id}">
        <button type="submit" data-key="rn-go-${a.id}">${t("admin.rename")}</button></form>`}
      ${self ? html`<p class="small muted">${t("admin.not_yourself")}</p>` : html`
      ${this.isAdmin && !a.guest ? html`<div class="row wrap"><label for="role-${a.id}">${t("admin.role")}</label>
        <select id="role-${a.id}" data-key="role-${a.id}">${ROLES.map((r) => html`<option value="${r}" ${r === a.role ? "selected" : ""}>${t(`admin.role.${r}`)}</option>`)}</select>
        <button data-action="role" data-account="${a.id}" data-key="role-go-${a.id}">${t("admin.set_role")}</button></div>` : ""}
      <form name="standing" class="stack standing-form" data-account="${a.id}">
        <label for="reason-${a.id}">${t("admin.reason")}</label>
        <input id="reason-${a.id}" name="reason" maxlength="500" required data-key="reason-${a.id}" data-keep="reason-${a.id}">
        <label for="seconds-${a.id}">${t("admin.duration")}</label>
        <select id="seconds-${a.id}" name="seconds" data-key="seconds-${a.id}" data-keep="seconds-${a.id}">${DURATIONS.map((s) => html`<option value="${s}">${t(`admin.duration.${s}`)}</option>`)}</select>
        <div class="row wrap">
          <button type="button" data-action="standing" data-standing="suspended" data-key="suspend-${a.id}">${t("admin.suspend")}</button>
          ${this.isAdmin ? html`<button type="button" class="danger" data-action="standing" data-standing="banned" data-key="ban-${a.id}">${t("admin.ban")}</button>` : ""}
          ${a.standing !== "active" && (this.isAdmin || a.standing === "suspended") ? html`<button type="button" data-action="standing" data-standing="active" data-key="reinstate-${a.id}">${t("admin.reinstate")}</button>` : ""}
        </div>
      </form>`}
    </li>`;
  }

  caseCard(c) {
    const e = c.evidence;
    return html`<li class="panel case-card" data-key="case-${c.key}">
      <h3>${t(`admin.case.${c.kind}`)} · ${t("admin.case.score", { score: c.score.toFixed(1), bar: Number(e.threshold).toFixed(1) })}</h3>
      <p class="small">${e.summary}</p>
      <p class="small muted">${t("admin.case.accounts")}: ${e.accounts.join(", ")} · ${t("admin.case.opened", { when: dateTime(c.opened_at) })}</p>
      ${e.matches?.length ? html`<p class="small case-matches">${t("admin.case.matches")}: ${e.matches.slice(0, 12).map((m) => html`<a href="#/replay/${m}">${m}</a> `)}${e.matches.length > 12 ? `+${e.matches.length - 12}` : ""}</p>` : ""}
      <form name="decide" class="stack" data-case="${c.key}">
        <label for="verdict-${c.key}">${t("admin.verdict")}</label>
        <select id="verdict-${c.key}" name="verdict" data-key="verdict-${c.key}" data-keep="verdict-${c.key}">${VERDICTS.map((v) => html`<option value="${v}">${t(`admin.verdict.${v}`)}</option>`)}</select>
        <label for="points-${c.key}">${t("admin.points")}</label>
        <input id="points-${c.key}" name="points" type="number" min="1" max="10000" value="100" inputmode="numeric" data-key="points-${c.key}" data-keep="points-${c.key}">
        <label for="note-${c.key}">${t("admin.reason")}</label>
        <input id="note-${c.key}" name="note" maxlength="1000" required data-key="note-${c.key}" data-keep="note-${c.key}">
        <button type="submit" class="primary" data-key="decide-${c.key}">${t("admin.decide")}</button>
      </form></li>`;
  }

  logRow(e) {
    const reason = e.details?.reason;
    const change = e.action === "set_role" && e.details?.to ? ` → ${t(`admin.role.${e.details.to}`)}` : "";
    return html`<li><span class="muted small">${dateTime(e.at)}</span> <strong>${t(`admin.action.${e.action}`)}</strong>${change}
      <span class="small">${t("admin.by", { actor: e.actor || t("admin.command_line"), target: e.target || "—" })}</span>${reason ? html` <q>${reason}</q>` : ""}</li>`;
  }

  paint() {
    if (!isStaff(store.account)) {
      patch(this, html`<section class="panel"><p class="error" role="alert">${t("admin.staff_only")}</p><button data-action="back" data-key="back">${t("common.back")}</button></section>`);
      return;
    }
    patch(this, html`<div class="admin">
      <section class="panel">
        <div class="row spread"><h1>${t("admin.title")}</h1><button data-action="back" data-key="back">${t("common.back")}</button></div>
        <form name="find" class="row wrap"><label for="find-name">${t("admin.find")}</label>
          <input id="find-name" name="name" maxlength="40" required data-key="find-name" data-keep="find-name">
          <button type="submit" class="primary" data-key="find-go">${t("admin.find_go")}</button></form>
        ${this.found === null ? "" : this.found.length ? html`<ul class="account-list">${this.found.map((a) => this.accountCard(a))}</ul>` : html`<p class="muted">${t("admin.none_found")}</p>`}
      </section>
      <section class="panel">
        <h2>${t("admin.cases")}</h2>
        <p class="help">${t("admin.cases_help")}</p>
        ${this.cases === null ? html`<p class="muted">${t("common.loading")}</p>` : this.cases.length
          ? html`<ul class="case-list">${this.cases.map((c) => this.caseCard(c))}</ul>` : html`<p class="muted">${t("admin.no_cases")}</p>`}
      </section>
      <section class="panel">
        <h2>${t("admin.reports")}</h2>
        ${this.reports === null ? html`<p class="muted">${t("common.loading")}</p>` : this.reports.length
          ? html`<ul class="report-list">${this.reports.map((r) => this.reportCard(r))}</ul>` : html`<p class="muted">${t("admin.no_reports")}</p>`}
      </section>
      <section class="panel">
        <h2>${t("admin.events")}</h2>
        <p class="help">${t("admin.events_help")}</p>
        <a class="btn" href="#/events" data-key="admin-events">${t("nav.events")}</a>
        <ul class="series-list">${(this.series || []).map((s) => html`<li><strong>${s.name}</strong> <span class="muted small">${s.key} · ${t("admin.series_counted", { n: Object.keys(s.results).length })}</span></li>`)}</ul>
        ${this.isAdmin ? html`<form name="series" class="stack"><label for="series-json">${t("admin.series_new")}</label>
          <textarea id="series-json" name="series" rows="6" required data-key="series-json" data-keep="series-json" spellcheck="false"></textarea>
          <button type="submit" data-key="series-go">${t("admin.series_create")}</button></form>` : ""}
      </section>
      <section class="panel">
        <h2>${t("admin.audit")}</h2>
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : ""}
        ${this.log === null ? html`<p class="muted">${t("common.loading")}</p>` : html`<ol class="audit-list">${this.log.map((e) => this.logRow(e))}</ol>`}
      </section>
    </div>`);
  }
}

customElements.define("yn-admin", Admin);
