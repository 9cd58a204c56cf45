// The replay viewer (#/replay/MATCH): steps through a finished match's record.
// When the server offers the engine's step-by-step snapshots
// (GET /api/matches/{id}/replay: {"steps": [{"action", "events", "state"}]}), every
// hand is shown at every step; otherwise the viewer works from the record alone
// (GET /api/matches/{id}/record): each action in order, the discard pile's top and
// the color in force after every play, and each player's last play.

import { parseCard } from "../cards.js";
import { html, onAction, patch, raw } from "../dom.js";
import { cardName, errorText, onLanguage, t } from "../i18n.js";
import { api } from "../net.js";
import { botsOf, namesWith } from "../names.js";
import { describe } from "../parts/describe.js";
import { ICON_FIRST, ICON_LAST, ICON_NEXT, ICON_PAUSE, ICON_PLAY, ICON_PREV } from "../parts/elements.js";
import { rulesSummary } from "./room.js";

/** An action in words; `name` says a player's name (bots in the reader's language). */
function actionText(action, name) {
  const p = name(action.player || "");
  switch (action.type) {
    case "play": {
      const cards = (action.cards || [action.card]).map(cardName).join(t("list.sep"));
      let text = t("ev.play", { player: p, cards });
      if (action.color) text += ` → ${t(`color.${action.color}`)}`;
      if (action.target) text += ` ⇄ ${name(action.target)}`;
      return text;
    }
    case "draw": return t("rp.draw", { player: p });
    case "pass": return t("ev.pass", { player: p });
    case "choose_color": return t("ev.choose_color", { player: p, color: t(`color.${action.color}`) });
    case "uno": return t("ev.uno", { player: p });
    case "catch": return t("ev.catch", { player: p, target: name(action.target) });
    case "challenge": return t("rp.challenge", { player: p });
    case "leave": return t("ev.leave", { player: p });
    case "next_round": return t("rp.next_round");
    case "timeout": return t("ev.timeout", { player: p });
    case "match_clock": return t("rp.match_clock");
    default: return action.type;
  }
}

/** The public board after each action, derived from the record alone. */
function deriveBoards(record) {
  const players = record.players || [];
  let top = record.setup?.start || null;
  let color = top ? parseCard(top).color : null;
  const last = Object.fromEntries(players.map((p) => [p, null]));
  const hands = record.setup?.hands ? Object.fromEntries(Object.entries(record.setup.hands).map(([k, v]) => [k, [...v]])) : null;
  const boards = [{ top, color, last: { ...last }, hands: hands && JSON.parse(JSON.stringify(hands)) }];
  for (const action of record.actions || []) {
    if (action.type === "play") {
      const cards = action.cards || [action.card];
      top = cards[cards.length - 1];
      color = action.color || parseCard(top).color;
      last[action.player] = cards;
      if (hands && hands[action.player]) for (const c of cards) { const i = hands[action.player].indexOf(c); if (i >= 0) hands[action.player].splice(i, 1); }
    } else if (action.type === "choose_color") {
      color = action.color;
    } else if (action.type === "next_round") {
      for (const p of players) last[p] = null;
    }
    boards.push({ top, color, last: { ...last }, hands: hands && JSON.parse(JSON.stringify(hands)) });
  }
  return boards;
}

class Replay extends HTMLElement {
  connectedCallback() {
    this.record = null;
    this.steps = null;
    this.step = 0;
    this.error = "";
    this.playing = null;
    this.paint();
    this.off = onLanguage(() => this.paint());
    onAction(this, (action) => this.act(action));
    this.addEventListener("input", (event) => { if (event.target.name === "step") { this.step = Number(event.target.value); this.paint(); } });
    // The round picker jumps to the first step of the round chosen.
    this.addEventListener("change", (event) => { if (event.target.name === "round") { this.step = Number(event.target.value); this.paint(); } });
    this.keys = (event) => {
      if (event.target.tagName === "INPUT" && event.target.type !== "range") return;
      if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        if (event.target.type === "range") return;
        event.preventDefault();
        this.act(event.key === "ArrowRight" ? "next" : "prev");
      }
    };
    document.addEventListener("keydown", this.keys);
    this.load();
  }

  disconnectedCallback() {
    clearInterval(this.playing);
    document.removeEventListener("keydown", this.keys);
    if (this.off) this.off();
  }

  /** The step each round starts at: 0, then each step whose action deals the next round. */
  get roundStarts() {
    const starts = [0];
    const actions = this.record?.actions || [];
    for (let k = 1; k <= this.total; k++) {
      const action = this.steps ? this.steps[k]?.action : actions[k - 1];
      if (action?.type === "next_round") starts.push(k);
    }
    return starts;
  }

  get total() { return this.steps ? this.steps.length - 1 : (this.record?.actions || []).length; }

  async load() {
    const id = decodeURIComponent(location.hash.split("/")[2] || "");
    try {
      const rich = await api("GET", `/api/matches/${encodeURIComponent(id)}/replay`).catch(() => null);
      if (rich && Array.isArray(rich.steps)) this.steps = rich.steps;
      const answer = await api("GET", `/api/matches/${encodeURIComponent(id)}/record`);
      this.complete = answer.complete !== false;
      this.record = answer.record || answer;
      // The record has no seat kinds: the match's results tell its bots (no account).
      const summary = await api("GET", `/api/matches/${encodeURIComponent(id)}`).catch(() => null);
      this.nameOf = namesWith(botsOf(summary?.results));
      this.boards = deriveBoards(this.record);
    } catch (error) {
      this.error = errorText(error);
    }
    this.paint();
  }

  act(action) {
    const total = this.total;
    if (action === "first") this.step = 0;
    else if (action === "prev") this.step = Math.max(0, this.step - 1);
    else if (action === "next") this.step = Math.min(total, this.step + 1);
    else if (action === "last") this.step = total;
    else if (action === "auto") {
      if (this.playing) { clearInterval(this.playing); this.playing = null; }
      else {
        this.playing = setInterval(() => {
          if (this.step >= this.total) { clearInterval(this.playing); this.playing = null; this.paint(); return; }
          this.step += 1;
          this.paint();
        }, 900);
      }
    } else if (action === "back") { history.length > 1 ? history.back() : (location.hash = "#/profile"); return; }
    this.paint();
  }

  /** A player's name as the reader reads it (bots in their language). */
  get name() { return this.nameOf || ((n) => n); }

  boardMarkup() {
    const name = this.name;
    const record = this.record;
    const players = record.players || [];
    if (this.steps) {
      const s = this.steps[this.step] || {};
      const state = s.state || {};
      return html`<div class="replay-board">
        <div class="rp-center">${state.discard_top ? html`<yn-card code="${state.discard_top}"></yn-card>` : ""}
          ${state.color ? html`<span class="color-chip c-${state.color}"><span class="cb-sym"></span></span> ${t(`color.${state.color}`)}` : ""}
          ${state.pending_draw ? html`<span class="stack">+${state.pending_draw}</span>` : ""}</div>
        <ul class="rp-hands">${players.map((p) => {
          const hand = state.hands?.[p] || [];
          return html`<li class="${state.current === p ? "turn" : ""}" data-player="${p}"
            aria-label="${name(p)}: ${t("table.cards", { n: hand.length })}${hand.length ? `, ${hand.map(cardName).join(t("list.sep"))}` : ""}">
            <strong>${name(p)}</strong> (${hand.length})${state.scores ? html` <span class="small muted">Σ${state.scores[p] ?? 0}</span>` : ""}
            <span class="mini-cards">${hand.map((c) => html`<yn-card class="mini" code="${c}"></yn-card>`)}</span></li>`;
        })}</ul>
        <ol class="log open">${(s.events || []).map((e) => describe(e, null, name)).filter(Boolean).map((line) => html`<li>${line}</li>`)}</ol>
      </div>`;
    }
    const board = this.boards[this.step];
    return html`<div class="replay-board">
      <div class="rp-center">${board.top ? html`<yn-card code="${board.top}"></yn-card>` : html`<span class="muted">${t("rp.no_top")}</span>`}
        ${board.color ? html`<span class="color-chip c-${board.color}"><span class="cb-sym"></span></span> ${t(`color.${board.color}`)}` : ""}</div>
      <ul class="rp-hands">${players.map((p) => html`<li><strong>${name(p)}</strong>
        ${board.hands?.[p] ? html`<span class="mini-cards">${board.hands[p].map((c) => html`<yn-card class="mini" code="${c}"></yn-card>`)}</span>` : ""}
        ${board.last[p] ? html`<span class="small muted">${t("table.last_play", { cards: board.last[p].map(cardName).join(t("list.sep")) })}</span>` : ""}</li>`)}</ul>
    </div>`;
  }

  paint() {
    if (this.error) { patch(this, html`<section class="panel"><p class="error" role="alert">${this.error}</p><button data-action="back">${t("common.back")}</button></section>`); return; }
    if (!this.record) { patch(this, html`<p class="loading">${t("common.loading")}</p>`); return; }
    const actions = this.record.actions || [];
    const total = this.total;
    const current = this.steps ? this.steps[this.step]?.action : actions[this.step - 1];
    const starts = this.roundStarts;
    const round = starts.filter((at) => at <= this.step).length - 1;
    patch(this, html`<div class="replay">
      <section class="panel">
        <div class="row spread"><h1>${t("rp.title")}</h1><button data-action="back" data-key="back">${t("common.back")}</button></div>
        <p class="small">${(this.record.players || []).map(this.name).join(" · ")}</p>
        ${this.record.rules ? html`<p class="small muted">${rulesSummary(this.record.rules)}</p>` : ""}
        ${!this.complete ? html`<p class="warn small">${t("rp.incomplete")}</p>` : ""}
        <div class="replay-controls" role="toolbar" aria-label="${t("rp.controls")}">
          <button data-action="first" data-key="rp-first" aria-label="${t("rp.first")}">${raw(ICON_FIRST)}</button>
          <button data-action="prev" data-key="rp-prev" aria-label="${t("rp.prev")}">${raw(ICON_PREV)}</button>
          <button data-action="auto" data-key="rp-auto" aria-label="${this.playing ? t("rp.pause") : t("rp.play")}">${raw(this.playing ? ICON_PAUSE : ICON_PLAY)}</button>
          <button data-action="next" data-key="rp-next" aria-label="${t("rp.next")}">${raw(ICON_NEXT)}</button>
          <button data-action="last" data-key="rp-last" aria-label="${t("rp.last")}">${raw(ICON_LAST)}</button>
          <label class="grow"><span class="sr-only">${t("rp.step_label")}</span><input type="range" name="step" min="0" max="${total}" value="${this.step}" data-key="rp-range"></label>
        </div>
        ${starts.length > 1 ? html`<label class="rp-round"><span>${t("rp.round_label")}</span>
          <select name="round" data-key="rp-round">${starts.map((at, i) => html`<option value="${at}" ${i === round ? "selected" : ""}>${t("rp.round", { n: i + 1 })}</option>`)}</select></label>` : ""}
        <p class="step-line" role="status" aria-live="polite">${t("common.labelled", { label: t("rp.step", { i: this.step, n: total }), value: current ? actionText(current, this.name) : t("rp.start") })}</p>
      </section>
      <section class="panel">${this.boardMarkup()}</section>
    </div>`);
  }
}

customElements.define("yn-replay", Replay);
