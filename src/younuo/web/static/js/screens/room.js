// The preparation screen (準備界面 of the original game, docs/rules.md): every seat
// with its avatar, the outfit and expression pickers, camp badges in team mode, ready;
// the host's area: kick, move between camps, mode, the jump-in and draw-and-play
// switches, bots by level, the whole rule editor, and start (with the reasons when it
// is refused).

import { EXPRESSIONS, OUTFITS } from "../avatar.js";
import { html, onAction, raw, patch } from "../dom.js";
import { errorText, levelName, onLanguage, t } from "../i18n.js";
import { playerName, roomName } from "../names.js";
import { applyLength, editorMarkup, markChanges, readEditor } from "../parts/editor.js";
import { ICON_CLOCK } from "../parts/elements.js";
import { startOffer } from "../parts/startoffer.js";
import { api } from "../net.js";
import { toast } from "../parts/notice.js";
import { titleBadge } from "../parts/titles.js";
import { loadRules, rulesInfo } from "../rules.js";
import { reportMenu } from "../social/report.js";
import { store } from "../store.js";

export function rulesSummary(rules) {
  const parts = [t(`preset.${rules.preset}`)];
  for (const [name, value] of Object.entries(rules)) {
    if (name === "preset") continue;
    const key = `val.${name}.${value}`;
    const shown = value === true ? t("common.on") : value === false ? t("common.off") : t(key) === key ? value : t(key);
    parts.push(`${t(`opt.${name}`)}: ${shown}`);
  }
  return parts.join(" · ");
}

class Room extends HTMLElement {
  connectedCallback() {
    this.refusal = null;
    this.editing = false;
    this.botLevel = "normal";
    this.paint();
    this.offStore = store.on(["room", "account", "status"], () => this.paint());
    this.off = onLanguage(() => this.paint());
    onAction(this, (action, el) => this.act(action, el));
    this.addEventListener("change", (event) => this.changeField(event));
    this.addEventListener("submit", (event) => { event.preventDefault(); this.saveRules(event.target); });
    loadRules().then(() => this.paint(), () => {});
  }

  disconnectedCallback() {
    this.offStore();
    this.off();
  }

  get room() { return store.room; }
  get meSeat() { return this.room?.seats.find((s) => s && s.account === store.account?.id) || null; }
  get isHost() { return this.room && store.account && this.room.host === store.account.id; }

  /** Send a request (or run a store method that sends one); show its refusal. */
  /**
   * Change one part of our avatar. The message carries the whole avatar, so a change
   * made before the last one came back builds on that one (`avatarSent`), not on the
   * seat as drawn: an outfit and then an expression picked quickly kept only the
   * expression.
   */
  async changeAvatar(me, part) {
    const avatar = { ...(this.avatarSent || me?.avatar || store.account.avatar), ...part };
    this.avatarSent = avatar;
    await this.run({ type: "avatar", avatar });
    if (this.avatarSent === avatar) this.avatarSent = null; // the last one has come back
  }

  async run(message) {
    try {
      await (typeof message === "function" ? message() : store.request(message));
      return true;
    } catch (error) {
      if (error.code === "cannot_start") {
        this.refusal = error.details?.reasons || [{ code: "", message: error.message }];
        this.paint();
      } else {
        toast(errorText(error), "warn");
      }
      return false;
    }
  }

  act(action, el) {
    const seat = el.dataset.seat !== undefined ? Number(el.dataset.seat) : undefined;
    const me = this.meSeat;
    switch (action) {
      case "befriend": {
        const who = store.room?.seats[seat];
        if (who?.account) {
          api("POST", "/api/me/friends", { account: who.account })
            .then(() => toast(t("social.requested", { name: who.name })), (e) => toast(errorText(e), "warn"));
        }
        break;
      }
      case "report-seat": this.reporting = store.room?.seats[seat] || null; this.paint(); break;
      case "report-close": this.reporting = null; this.paint(); break;
      case "report-send": {
        const who = this.reporting;
        this.reporting = null;
        api("POST", "/api/reports", { account: who.account, reason: el.dataset.reason, source: "table", room: store.room?.id || null })
          .then(() => toast(t("social.reported")), (e) => toast(errorText(e), "warn"));
        this.paint();
        break;
      }
      case "ready": this.run({ type: "ready", ready: !me?.ready }); break;
      case "leave": this.run(() => store.leaveRoom()); break;
      case "outfit": this.changeAvatar(me, { outfit: el.dataset.value }); break;
      case "expression": this.changeAvatar(me, { expression: el.dataset.value }); break;
      case "kick": this.run({ type: "kick", seat }); break;
      case "remove-bot": this.run({ type: "remove_bot", seat }); break;
      case "camp": this.run({ type: "set_camp", seat, camp: el.dataset.camp }); break;
      case "add-bot": {
        const message = { type: "add_bot", level: this.botLevel };
        if (seat !== undefined) message.seat = seat;
        this.run(message);
        break;
      }
      case "sit": this.run(seat === undefined ? { type: "take_seat" } : { type: "take_seat", seat }); break;
      case "stand": this.run({ type: "stand_up" }); break;
      case "fill-start": this.refusal = null; this.fillAndStart(); break;
      case "start": this.refusal = null; this.run({ type: "start" }).then((ok) => { if (ok) this.refusal = null; this.paint(); }); break;
      case "edit-rules":
        this.editing = !this.editing;
        this.draft = { ...this.room.settings, options: { ...this.room.settings.options } };
        this.paint();
        break;
      default: break;
    }
  }

  /** Seat bots (at the chosen level) in free seats until enough are ready, then start
   * (only offered with everyone seated ready: parts/startoffer.js). */
  async fillAndStart() {
    const offer = startOffer(this.room);
    const wanted = offer.kind === "fill" ? offer.n : 0;
    for (let i = 0; i < wanted; i++) {
      if (!(await this.run({ type: "add_bot", level: this.botLevel }))) return;
    }
    await this.run({ type: "start" });
    this.paint();
  }

  changeField(event) {
    const field = event.target;
    const name = field.name;
    if (name === "bot-level") { this.botLevel = field.value; return; }
    const form = field.closest("form[name=rules]");
    if (form) {
      if (name === "length") applyLength(form, field.value);
      // The editor keeps its own draft: room updates (someone gets ready) must not undo it.
      this.draft = markChanges(form);
      if (name === "preset") { this.draft.options = {}; this.paint(); }
      return;
    }
    if (name === "host-mode") this.run({ type: "configure", settings: { mode: field.value } });
    else if (name === "host-jump") this.run({ type: "configure", settings: { options: { jump_in: field.value } } });
    else if (name === "host-dap") this.run({ type: "configure", settings: { options: { draw_and_play: field.checked } } });
  }

  /**
   * The ready toggle, saying what the seat says: the host counts as ready (their Start
   * makes them so, protocol §3), so the host's button never offers "I'm ready" beside a
   * seat that reads "✓ Ready"; pressing it still sets the ready flag.
   */
  readyButton(me) {
    const host = me.account === this.room.host;
    const on = me.ready || host;
    const label = host ? `✓ ${t("room.host_ready")}` : me.ready ? t("room.unready") : t("room.set_ready");
    return html`<button class="primary big-btn ${on ? "on" : ""}" data-action="ready" data-key="ready" aria-pressed="${on}">${label}</button>`;
  }

  async saveRules(form) {
    const settings = readEditor(form);
    // Options left at the preset's value are sent as null: "back to the preset" (protocol §3).
    const options = { ...settings.options };
    for (const name of Object.keys(this.room.settings.options || {})) if (!(name in options)) options[name] = null;
    if (await this.run({ type: "configure", settings: { ...settings, options } })) { this.editing = false; this.paint(); }
  }

  seatMarkup(seat, index) {
    const room = this.room;
    const me = this.meSeat;
    const teams = room.settings.mode === "teams";
    if (!seat) {
      return html`<li class="seat-card empty" aria-label="${t("room.seat_n", { n: index + 1 })}: ${t("room.empty")}">
        <div class="seat-no">${index + 1}</div><div class="empty-chair" aria-hidden="true">+</div>
        <span class="muted">${t("room.empty")}</span>
        <div class="row wrap">
          ${this.isHost ? html`<button class="small" data-action="add-bot" data-seat="${index}" data-key="addbot-${index}">${t("room.add_bot_here")}</button>` : ""}
          ${!me ? html`<button class="small" data-action="sit" data-seat="${index}" data-key="sit-${index}">${t("room.sit")}</button>` : ""}
        </div></li>`;
    }
    const mine = me && seat.seat === me.seat;
    const host = seat.account && seat.account === room.host;
    const label = [playerName(seat.name), mine ? t("room.you") : "", host ? t("room.host") : "", host ? t("room.host_ready") : seat.ready ? t("room.ready") : t("room.not_ready"),
      teams && seat.camp ? t(`camp.${seat.camp}`) : "", seat.kind === "bot" ? t("room.bot", { level: t(`bot.${seat.bot_level}`) }) : "", seat.bot_account ? t("bot.account") : "", seat.title ? t(`title.${seat.title}`) : ""].filter(Boolean).join(", ");
    return html`<li class="seat-card ${mine ? "mine" : ""} ${seat.ready ? "is-ready" : ""} ${teams && seat.camp ? `camp-${seat.camp}` : ""}" aria-label="${label}" data-seat="${seat.seat}">
      <div class="seat-no">${seat.seat + 1}</div>
      ${teams && seat.camp ? html`<span class="camp-badge ${seat.camp}" title="${t(`camp.${seat.camp}`)}">${t(`camp.${seat.camp}.short`)}</span>` : ""}
      <yn-avatar outfit="${seat.avatar.outfit}" expression="${seat.avatar.expression}"></yn-avatar>
      <div class="seat-name">${host ? html`<span class="crown" title="${t("room.host")}" aria-hidden="true">♛</span>` : ""}${playerName(seat.name)}${mine ? html` <span class="tag">${t("room.you")}</span>` : ""}${seat.title ? html` ${titleBadge(seat.title)}` : ""}</div>
      <div class="small muted">${seat.bot_account ? html`<span class="tag bot-account">${t("bot.account")}</span> ` : ""}${seat.kind === "bot" ? t("room.bot", { level: t(`bot.${seat.bot_level}`) }) : levelName(seat.level)}${seat.skill != null ? html` · <span class="seat-skill" title="${t("profile.skill")}">${t("common.labelled", { label: t("profile.skill"), value: seat.skill })}</span>` : ""}${seat.connected === false ? ` · ${t("room.offline")}` : ""}</div>
      <div class="ready-state ${seat.ready || host ? "yes" : "no"}">${host ? `✓ ${t("room.host_ready")}` : seat.ready ? `✓ ${t("room.ready")}` : t("room.not_ready")}</div>
      ${this.isHost && !mine ? html`<div class="row wrap host-seat">
        ${seat.kind === "bot"
          ? html`<button class="small danger" data-action="remove-bot" data-seat="${seat.seat}" data-key="rm-${seat.seat}">${t("room.remove_bot")}</button>`
          : html`<button class="small danger" data-action="kick" data-seat="${seat.seat}" data-key="kick-${seat.seat}" aria-label="${t("room.kick_label", { name: playerName(seat.name) })}">${t("room.kick")}</button>`}
      </div>` : ""}
      ${!mine && seat.kind === "human" ? html`<button class="link small" data-action="befriend" data-seat="${seat.seat}" data-key="befriend-${seat.seat}">${t("social.ask")}</button>` : ""}
      ${!mine && seat.kind === "human" ? html`<button class="link small report" data-action="report-seat" data-seat="${seat.seat}" data-key="report-seat-${seat.seat}" aria-label="${t("social.report_sender", { name: playerName(seat.name) })}">⚑ ${t("social.report")}</button>` : ""}
      ${this.isHost && teams ? html`<button class="small" data-action="camp" data-seat="${seat.seat}" data-camp="${seat.camp === "red" ? "blue" : "red"}" data-key="camp-${seat.seat}">${t("room.move_to", { camp: t(`camp.${seat.camp === "red" ? "blue" : "red"}`) })}</button>` : ""}
    </li>`;
  }

  paint() {
    const room = this.room;
    // The room's options are its preset's (from the server, rules.js) with its changes.
    if (!room || !rulesInfo.loaded) { patch(this, html`<p class="loading">${t("common.loading")}</p>`); return; }
    const me = this.meSeat;
    const avatar = me?.avatar || store.account?.avatar || { outfit: "red", expression: "smile" };
    const settings = room.settings;
    const options = { ...(rulesInfo.presets[settings.preset] || {}), ...settings.options };
    // The host's own Start counts them ready (protocol §3): count them so already.
    const ready = room.seats.filter((s) => s && (s.ready || s.account === room.host)).length;
    const offer = startOffer(room);
    patch(this, html`
      <div class="prep">
        <section class="panel room-head">
          <div class="row spread wrap">
            <div><h1 class="room-title">${roomName(room.name)}</h1>
              <p class="muted small">${t(`mode.${settings.mode}`)} · ${t("room.ready_count", { ready, needed: settings.needed })}${room.spectators ? ` · ${t("room.spectators", { n: room.spectators })}` : ""}</p></div>
            <div class="row">
              ${room.code ? html`<span class="code" aria-label="${t("lobby.code")}">${t("room.code")}: <strong>${room.code}</strong></span>` : ""}
              <yn-chat-button data-key="chat-button"></yn-chat-button>
              <button data-action="leave" data-key="leave">${t("room.leave")}</button>
            </div>
          </div>
          ${this.isHost ? html`<div class="row wrap start-row">
            ${offer.kind === "fill" ? html`<button class="primary big-btn" data-action="fill-start" data-key="fill-start">${t("room.fill_start", { n: offer.n })}</button>` : ""}
            ${offer.kind === "wait" ? html`<p class="start-wait" role="status" data-key="start-wait">${t("room.wait_ready", { n: offer.n })}</p>` : ""}
            <button class="${offer.kind === "start" ? "primary" : ""} big-btn" data-action="start" data-key="start">${t("room.start")}</button></div>
          ${this.refusal ? html`<div class="refusal" role="alert"><strong>${t("room.cannot_start")}</strong>
            <ul>${this.refusal.map((r) => html`<li>${t(`reason.${r.code}`) === `reason.${r.code}` ? r.message : t(`reason.${r.code}`, { needed: settings.needed })}</li>`)}</ul></div>` : ""}` : ""}
          <p class="small rules-line">${rulesSummary(room.rules)}</p>
          <p class="small clock-line"><span class="room-clock">${raw(ICON_CLOCK)} ${options.turn_seconds ? t("room.clock", { s: options.turn_seconds }) : t("room.no_clock")}</span>
            ${["cumulative", "negative", "elimination"].includes(options.scoring) ? html` · <span class="room-target">${t("room.target", { n: options.target })}</span>` : ""}</p>
        </section>
        <section class="panel seats-panel" aria-labelledby="seats-h">
          <h2 id="seats-h" class="sr-only">${t("room.seats")}</h2>
          <ul class="seat-grid">${room.seats.map((seat, i) => this.seatMarkup(seat, i))}</ul>
          ${this.reporting ? reportMenu(this.reporting.name) : ""}
        </section>
        <section class="panel my-panel" aria-labelledby="mine-h">
          <h2 id="mine-h">${t("room.my_avatar")}</h2>
          <div class="picker-wrap">
            <yn-avatar class="preview" outfit="${avatar.outfit}" expression="${avatar.expression}" label="${store.account?.name || ""}"></yn-avatar>
            <div>
              <div class="picker" role="group" aria-label="${t("room.outfit")}"><span class="picker-label">${t("room.outfit")}</span>
                ${OUTFITS.map((o) => html`<button class="swatch o-${o}" data-action="outfit" data-value="${o}" data-key="outfit-${o}" aria-pressed="${avatar.outfit === o}" aria-label="${t("room.outfit")}: ${t(`outfit.${o}`)}" title="${t(`outfit.${o}`)}"></button>`)}</div>
              <div class="picker" role="group" aria-label="${t("room.expression")}"><span class="picker-label">${t("room.expression")}</span>
                ${EXPRESSIONS.map((e) => html`<button class="face-btn" data-action="expression" data-value="${e}" data-key="expr-${e}" aria-pressed="${avatar.expression === e}" aria-label="${t("room.expression")}: ${t(`expression.${e}`)}" title="${t(`expression.${e}`)}"><yn-avatar outfit="${avatar.outfit}" expression="${e}"></yn-avatar></button>`)}</div>
            </div>
          </div>
          <div class="row wrap">
            ${me ? [this.readyButton(me), html`
              <button data-action="stand" data-key="stand">${t("room.stand")}</button>`]
              : html`<span class="muted">${t("room.watching")}</span><button class="primary" data-action="sit" data-key="sit">${t("room.sit")}</button>`}
          </div>
          ${!this.isHost ? html`<p class="muted small">${t("room.waiting_host")}</p>` : ""}
        </section>
        ${this.isHost ? html`
        <section class="panel host-panel" aria-labelledby="host-h">
          <h2 id="host-h">${t("room.host_area")}</h2>
          <div class="host-grid">
            <fieldset class="switch-group"><legend>${t("create.mode")}</legend>
              ${["ffa", "teams"].map((m) => html`<label class="radio"><input type="radio" name="host-mode" value="${m}" data-key="mode-${m}" ${settings.mode === m ? "checked" : ""}> ${t(`mode.${m}`)}</label>`)}
              <p class="help">${t("create.mode_help")}</p></fieldset>
            <div class="opt"><label for="host-jump">${t("opt.jump_in")} <span class="tag vip">VIP</span></label>
              <select id="host-jump" name="host-jump" data-key="host-jump">${(rulesInfo.choices.jump_in || []).map((v) => html`<option value="${v}" ${options.jump_in === v ? "selected" : ""}>${t(`val.jump_in.${v}`)}</option>`)}</select>
              <p class="help">${t("opt.jump_in.help")}</p></div>
            <div class="opt"><label for="host-dap">${t("opt.draw_and_play")} <span class="tag vip">VIP</span></label>
              <input type="checkbox" id="host-dap" name="host-dap" data-key="host-dap" ${options.draw_and_play ? "checked" : ""}>
              <p class="help">${t("opt.draw_and_play.help")}</p></div>
            <div class="opt"><label for="bot-level">${t("room.bot_level")}</label>
              <div class="row"><select id="bot-level" name="bot-level" data-key="bot-level">${rulesInfo.botLevels.map((level) => html`<option value="${level}" ${level === this.botLevel ? "selected" : ""}>${t(`bot.${level}`)}</option>`)}</select>
              <button data-action="add-bot" data-key="add-bot" ${room.seats.every(Boolean) ? "disabled" : ""}>${t("room.add_bot")}</button></div>
              <p class="help">${t("room.bot_help")}</p></div>
          </div>
          <div class="row wrap">
            <button data-action="edit-rules" data-key="edit-rules" aria-expanded="${this.editing}">${t("room.all_rules")}</button>
          </div>
          ${this.editing ? html`<form name="rules" class="editor">${editorMarkup(this.draft, "hr")}
            <div class="row right sticky-bottom"><button type="button" data-action="edit-rules" data-key="rules-cancel">${t("common.cancel")}</button>
            <button class="primary" type="submit" data-key="rules-save">${t("room.save_rules")}</button></div></form>` : ""}
        </section>` : ""}
      </div>`);
  }
}

customElements.define("yn-room", Room);
