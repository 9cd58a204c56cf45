// The table (遊戲界面 of the original game, docs/rules.md), put together from its parts
// (js/table/): the top row, the opponents' seats, the centre (piles, direction, colour,
// stacking total), the log, your seat, hand and buttons, and the dialogs. This element holds what the player is
// doing here (the cards selected, a picker open, the log open, emote bubbles), turns taps
// and keys into actions, and redraws each part from the store on every change; a part
// whose markup did not change is not touched, and one that did changes only what
// differs (dom.js). What may be played comes from the server's `legal` list alone.

import { handPoints, sortHand } from "../cards.js";
import { Part, html, onAction, raw } from "../dom.js";
import { cardName, errorText, onLanguage, t } from "../i18n.js";
import { playerName } from "../names.js";
import { ICON_FLAG } from "../parts/elements.js";
import { announce, toast } from "../parts/notice.js";
import { escapeCost, loadRules } from "../rules.js";
import { play as sound } from "../sound.js";
import { store } from "../store.js";
import { controlsMarkup, statusLine } from "../table/controls.js";
import { TurnClock } from "../table/clock.js";
import { TARGETED, colorPicker, emotePicker, leaveDialog, resultsDialog, revealDialog, targetPicker } from "../table/dialogs.js";
import { Hand } from "../table/hand.js";
import { tableKey } from "../table/keys.js";
import { canGrow, first, nextChoice, playableCodes, playsOf } from "../table/legal.js";
import { logMarkup } from "../table/log.js";
import { pileMarkup } from "../table/pile.js";
import { roundPlays } from "../table/record.js";
import { seatMarkup } from "../table/seat.js";
import { animate, tell } from "../table/telling.js";
import { lastChallenge, verdictText, verdicts } from "../table/verdict.js";

// How long a verdict's banner stays up: long enough to read two lines twice.
const VERDICT_MS = 6000;


class Table extends HTMLElement {
  connectedCallback() {
    this.selectedCodes = []; // the selection, as codes in hand order
    this.hint = false;
    this.overlay = null; // {kind: "color"|"target"|"emote"|"leave", options, actions}
    this.revealSeen = null;
    this.bubbles = new Map(); // player → {expression, until}: emote bubbles
    this.showLog = false;
    this.verdict = null; // {lines: [{key, params}], until}: the banner of the last verdicts
    this.busy = false; // an action of ours is in flight (until its answer)
    this.queued = null; // the action tapped meanwhile, sent after that answer
    this.hand = new Hand();
    this.clock = new TurnClock(this);
    this.build();
    this.offStore = store.on(["room", "status", "state", "update", "emote", "match_over"], (change) => this.changed(change));
    this.offLanguage = onLanguage(() => this.build());
    onAction(this, (action, el) => this.act(action, el));
    this.keys = (event) => tableKey(this, event);
    document.addEventListener("keydown", this.keys);
    this.prefs = () => this.paint();
    window.addEventListener("younuo-prefs", this.prefs);
    // Four times a second, so the last seconds' tick falls close to each second.
    this.clockTimer = setInterval(() => this.clock.tick(), 250);
  }

  disconnectedCallback() {
    this.offStore();
    this.offLanguage();
    document.removeEventListener("keydown", this.keys);
    window.removeEventListener("younuo-prefs", this.prefs);
    clearInterval(this.clockTimer);
    clearTimeout(this.bubbleTimer);
    clearTimeout(this.verdictTimer);
  }

  get match() { return store.match; }
  get view() { return store.match?.view; }
  get me() { return this.view?.player || null; }
  get legal() { return this.match?.legal || []; }
  get myTurn() { return Boolean(this.me) && this.view.current === this.me && this.view.status === "playing"; }

  // ------------------------------------------------------------------ the parts
  /** Lay out the table's regions (again for a new language) and draw them all. */
  build() {
    this.builtFor = this.me;
    const seated = Boolean(this.me);
    // Slots are display: contents, so the regions stay the grid's own rows.
    this.innerHTML = `<div class="table-screen">
      <div class="table-top"></div>
      <ol class="opponents" data-toast-anchor></ol>
      <div class="verdict" role="status" aria-live="polite" aria-atomic="true"></div>
      <section class="center"></section>
      <div class="slot log-slot"></div>
      ${seated ? `<section class="me-area"><div class="me-row"><ol class="me-seat"></ol><div class="slot hand-slot"></div></div><div class="slot controls-slot"></div></section>`
        : `<p class="watching muted"></p>`}
      <div class="slot dialog-slot"></div></div>`;
    const $ = (selector) => this.querySelector(selector);
    this.screen = $(".table-screen");
    this.parts = {
      top: new Part($(".table-top")),
      opponents: new Part($(".opponents")),
      center: new Part($(".center")),
      log: new Part($(".log-slot")),
      dialog: new Part($(".dialog-slot")),
    };
    if (seated) {
      $(".me-area").setAttribute("aria-label", t("table.my_area"));
      Object.assign(this.parts, { seat: new Part($(".me-seat")), hand: new Part($(".hand-slot")), controls: new Part($(".controls-slot")) });
    } else {
      $(".watching").textContent = t("table.watching");
    }
    $(".opponents").setAttribute("aria-label", t("table.players"));
    $(".center").setAttribute("aria-label", t("table.center"));
    // The banner is its own live region, present (empty) from the start so that screen
    // readers announce what is written into it.
    this.banner = $(".verdict");
    this.banner.setAttribute("aria-label", t("table.verdict"));
    this.paint();
  }

  /** The table as every part reads it, computed once per drawing. */
  context() {
    const match = this.match;
    return {
      match, view: match.view, me: this.me, myTurn: this.myTurn, legal: this.legal,
      plays: roundPlays(store.events, match.view), bubbles: this.bubbles, now: Date.now(),
    };
  }

  paint() {
    if (!this.match) return;
    if (this.me !== this.builtFor) { this.build(); return; }
    const ctx = this.context();
    const v = ctx.view;
    const n = v.players.length;
    const myIndex = ctx.me ? v.players.indexOf(ctx.me) : -1;
    // Opponents in play order, starting after our own seat.
    const order = [];
    for (let k = 1; k <= n; k++) {
      const i = (myIndex + k + n) % n;
      if (i !== myIndex) order.push(i);
    }
    this.screen.classList.toggle("my-turn", ctx.myTurn);
    this.screen.classList.toggle("clock-warn", this.clock.warning());
    const parts = this.parts;
    parts.top.show(this.topMarkup(ctx));
    parts.opponents.show(order.map((i) => seatMarkup(ctx, v.players[i], i)));
    parts.center.show(pileMarkup(ctx));
    parts.log.show(logMarkup(ctx, store.events, this.showLog));
    if (ctx.me) {
      const hand = this.sortedHand();
      const selected = this.selectedIndexes(hand);
      parts.seat.show(seatMarkup(ctx, ctx.me, myIndex));
      parts.hand.show(this.hand.markup(ctx, hand, new Set(selected), this.hint));
      parts.controls.show(controlsMarkup(ctx, this.canPlaySelection()));
    }
    parts.dialog.show(this.dialogMarkup(ctx));
    this.paintVerdict();
    this.clock.tick();
  }

  /** The verdict banner: its sentences in the language of the moment, or empty once stale. */
  paintVerdict() {
    const lines = this.verdict && Date.now() < this.verdict.until ? this.verdict.lines : [];
    const text = lines.map(verdictText).join(" ");
    // Written only when it changes: a rewrite of the same words would be announced again.
    if (this.banner.textContent !== text) this.banner.textContent = text;
    this.screen.classList.toggle("has-verdict", Boolean(text));
  }

  topMarkup(ctx) {
    const v = ctx.view;
    const target = v.rules.target;
    return html`
      <span class="round-no">${t("table.round", { n: v.round })}</span>
      ${TARGETED.has(v.rules.scoring) ? html`<span class="target-no" title="${t("table.target_long", { n: target })}"><span class="sr-only">${t("table.target_long", { n: target })}</span><span class="target-long" aria-hidden="true">${t("table.target", { n: target })}</span><span class="target-short" aria-hidden="true">${raw(ICON_FLAG)}${target}</span></span>` : ""}
      <span class="clock-chip" aria-hidden="true"></span>
      ${ctx.match.clock.match_deadline ? html`<span class="match-clock" aria-label="${t("table.match_clock")}" title="${t("table.match_clock")}"></span>` : ""}
      <span class="status-line" role="status">${statusLine(ctx)}</span>
      <span class="spacer"></span>
      <yn-chat-button data-key="chat-button"></yn-chat-button>
      <button class="icon-btn" data-action="log" data-key="log" aria-expanded="${this.showLog}" aria-keyshortcuts="L" title="${t("table.log")}" aria-label="${t("table.log")}">☰</button>
      ${ctx.me ? html`<button class="icon-btn" data-action="leave-ask" data-key="leave-ask" title="${t("table.leave")}" aria-label="${t("table.leave")}">⎋</button>`
        : html`<button class="small" data-action="leave" data-key="stop-watch">${t("table.stop_watching")}</button>`}`;
  }

  dialogMarkup(ctx) {
    const v = ctx.view;
    const o = this.overlay;
    if (o?.kind === "color") return colorPicker(o.options, true);
    if (o?.kind === "target") return targetPicker(ctx, o.options);
    if (o?.kind === "emote") {
      const mine = ctx.match.table.find((p) => p.name === ctx.me);
      return emotePicker(mine?.avatar?.outfit || store.account?.avatar?.outfit || "red");
    }
    if (o?.kind === "leave") return leaveDialog(o.cost);
    // The starting wild's colour, named by the player who starts (R-SETUP-3).
    const starting = ctx.legal.filter((a) => a.type === "choose_color");
    if (starting.length) return colorPicker(starting.map((a) => a.color), false);
    // A round that ends while the reveal is open shows its result at once: the reveal
    // belongs to a turn that is over, and the next deal should not wait for an OK.
    if (v.status === "round_over" || v.status === "match_over" || store.matchOver) {
      return resultsDialog(ctx, store.lastRoundOver, store.matchOver, store.serverNow());
    }
    if (this.revealSeen === null) {
      try { this.revealSeen = sessionStorage.getItem(`younuo.reveal.${ctx.match.id}`); } catch { this.revealSeen = ""; }
    }
    if (v.reveal && JSON.stringify(v.reveal) !== this.revealSeen) return revealDialog(v.reveal, lastChallenge(store.events, ctx.me, v.reveal[0]));
    return "";
  }

  // ------------------------------------------------------------------ updates
  changed(change) {
    if (change.kind === "match_over") { sound("win"); this.paint(); return; }
    if (change.kind === "emote") { this.emoted(change.player, change.avatar); return; }
    if (change.kind !== "state" && change.kind !== "update") { this.paint(); return; }
    const events = change.events || [];
    this.keepSelection();
    const found = verdicts(events, this.me);
    if (found.length) {
      this.verdict = { lines: found, until: Date.now() + VERDICT_MS };
      clearTimeout(this.verdictTimer);
      this.verdictTimer = setTimeout(() => this.paint(), VERDICT_MS + 50);
    }
    this.paint();
    animate(this, events, this.me);
    tell(events, this.me, this.myTurn && !this.wasMyTurn);
    this.wasMyTurn = this.myTurn;
    this.noticeAutoplay();
  }

  /** Auto-play switched on without our asking (two timeouts): say so, once. */
  noticeAutoplay() {
    const mine = this.match?.table.find((p) => p.name === this.me);
    const on = Boolean(mine?.autoplay);
    if (on && this.wasAuto === false && !this.askedAuto) {
      toast(t("table.autoplay_started"), "warn"); // also said in the live region
    }
    if (!on) this.askedAuto = false;
    this.wasAuto = on;
  }

  /** A player's expression changed at the table: a bubble over their seat for 3 s. */
  emoted(player, avatar) {
    this.bubbles.set(player, { expression: avatar.expression, until: Date.now() + 3000 });
    if (player !== this.me) {
      announce(t("table.emote", { name: playerName(player), expression: t(`expression.${avatar.expression}`) }));
    }
    this.paint();
    clearTimeout(this.bubbleTimer);
    this.bubbleTimer = setTimeout(() => this.paint(), 3100);
  }

  /** Keep the selection while its cards are all still in the hand; drop it otherwise. */
  keepSelection() {
    const left = [...(this.view?.hand || [])];
    const kept = this.selectedCodes.every((code) => {
      const at = left.indexOf(code);
      if (at >= 0) left.splice(at, 1);
      return at >= 0;
    });
    if (!kept) this.selectedCodes = [];
    if (!this.myTurn) this.hint = false;
  }

  sortedHand() { return this.view ? sortHand(this.view.hand || []) : []; }

  /** The selection's positions in `hand` (each copy of a code counted once). */
  selectedIndexes(hand) {
    const used = new Set();
    return this.selectedCodes.map((code) => {
      const i = hand.findIndex((c, k) => c === code && !used.has(k));
      used.add(i);
      return i;
    });
  }

  // ------------------------------------------------------------------ doing it
  canPlaySelection() {
    return this.selectedCodes.length > 0 && playsOf(this.legal, this.selectedCodes).length > 0;
  }

  /**
   * Send one legal action. One is in flight at a time (each carries the version it was
   * chosen at); a tap made meanwhile is not lost: the last one waits in `queued` and goes
   * once the answer has come, if the new state still offers it (UNO! tapped as soon as
   * it shows, before the play that led there is answered). One the new state no longer
   * offers (a second tap of the card just played) is dropped: the table already shows why.
   */
  async send(action) {
    if (this.busy) { this.queued = action; return; }
    this.busy = true;
    try {
      await store.act(action);
      if (action.type === "play") { this.selectedCodes = []; this.hint = false; }
    } catch (error) {
      if (error.code !== "stale_version") { toast(errorText(error), "warn"); sound("error"); }
    } finally {
      this.busy = false;
      const queued = this.queued;
      this.queued = null;
      const still = queued && this.legal.find((a) => JSON.stringify(a) === JSON.stringify(queued));
      this.paint();
      if (still) this.send(still);
    }
  }

  /** Send one of these legal actions, asking first what they differ in (colour, target). */
  choose(actions) {
    const next = nextChoice(actions);
    if (next.send) { this.overlay = null; this.send(next.send); return; }
    this.overlay = { kind: next.ask, options: next.options, actions };
    this.paint();
    requestAnimationFrame(() => this.querySelector(".overlay button:not([disabled])")?.focus());
  }

  /** Narrow the open picker's actions to the one picked (`field` = `value`) and go on. */
  picked(field, value) {
    const actions = (this.overlay?.actions || []).filter((a) => a[field] === value);
    if (actions.length) this.choose(actions);
  }

  playSelection() {
    const codes = this.selectedCodes;
    if (!codes.length) { toast(t("table.pick_first")); return; }
    const plays = playsOf(this.legal, codes);
    if (!plays.length) { toast(t("table.cannot_play"), "warn"); sound("error"); return; }
    this.choose(plays);
  }

  toggleCard(index) {
    const code = this.sortedHand()[index];
    const at = this.selectedIndexes(this.sortedHand()).indexOf(index);
    if (at >= 0) {
      // A second tap on a selected single card plays it (quick play on phones).
      if (this.selectedCodes.length === 1) { this.playSelection(); return; }
      this.selectedCodes.splice(at, 1);
    } else if (this.selectedCodes.length && canGrow(this.legal, [...this.selectedCodes, code])) {
      // Several cards together (multi-play) when some legal play holds them all.
      this.selectedCodes.push(code);
    } else {
      this.selectedCodes = [code];
    }
    this.paint();
  }

  /** Close our dialogs and the log: whether one was open. */
  closeDialogs() {
    if (!this.overlay && !this.showLog) return false;
    this.overlay = null;
    this.showLog = false;
    this.paint();
    return true;
  }

  /** Open (or with the same kind again, close) a dialog of ours. */
  /** R-LEAVE: the leave dialog, saying what leaving the running match costs (the
   * escape table comes with the rules; without them, the general warning). */
  askLeave() {
    const v = this.view;
    const running = v && v.status !== "match_over" && !store.matchOver;
    loadRules().catch(() => null).then(() => {
      const points = handPoints(this.view?.hand || []);
      const penalty = running ? escapeCost(points) : null;
      this.overlay = { kind: "leave", cost: penalty === null ? null : { points, penalty } };
      this.paint();
      requestAnimationFrame(() => this.querySelector(".overlay button:not([disabled])")?.focus());
    });
  }

  open(kind) {
    this.overlay = this.overlay?.kind === kind ? null : { kind };
    this.paint();
    requestAnimationFrame(() => this.querySelector(".overlay button:not([disabled])")?.focus());
  }

  act(action, el) {
    const legal = this.legal;
    switch (action) {
      case "card": this.toggleCard(Number(el.dataset.i)); break;
      case "play": this.playSelection(); break;
      case "draw": case "pass": case "uno": case "challenge": case "catch": {
        const allowed = first(legal, action);
        if (allowed) this.send(allowed);
        break;
      }
      case "hint": this.showHint(); break;
      case "autoplay": {
        const seat = this.match.table.find((p) => p.name === this.me);
        this.askedAuto = !seat?.autoplay;
        store.request({ type: "autoplay", on: !seat?.autoplay }).catch((e) => toast(errorText(e), "warn"));
        break;
      }
      case "color":
        if (this.overlay?.kind === "color") this.picked("color", el.dataset.color);
        else this.choose(legal.filter((a) => a.type === "choose_color" && a.color === el.dataset.color));
        break;
      case "target": this.picked("target", el.dataset.target); break;
      case "emote": this.open("emote"); break;
      case "emote-pick":
        this.overlay = null;
        store.emote(el.dataset.value).catch(() => {});
        break;
      case "leave-ask": this.askLeave(); break;
      case "leave": {
        const cost = this.overlay?.cost;
        this.overlay = null;
        store.leaveRoom().then(() => {
          if (cost) toast(t("table.left_cost", { hand: t("table.points", { n: cost.points }), penalty: cost.penalty }), "warn");
        }, (e) => toast(errorText(e), "warn"));
        break;
      }
      case "close": this.overlay = null; this.paint(); break;
      case "reveal-ok":
        // Remembered for the tab, so a refresh does not show the same reveal again.
        this.revealSeen = JSON.stringify(this.view.reveal);
        try { sessionStorage.setItem(`younuo.reveal.${this.match.id}`, this.revealSeen); } catch { /* private mode */ }
        this.paint();
        break;
      case "back-to-room": store.closeResults(); break;
      case "log": this.showLog = !this.showLog; this.paint(); break;
      default: break;
    }
  }

  showHint() {
    const playable = playableCodes(this.legal);
    this.hint = true;
    const hand = this.sortedHand();
    const at = hand.findIndex((c) => playable.has(c));
    if (at >= 0) {
      this.selectedCodes = [hand[at]];
      announce(t("table.hint_cards", { cards: [...playable].map(cardName).join(t("list.sep")) }));
    } else {
      announce(t("table.hint_none"));
      toast(t("table.hint_none"));
    }
    this.paint();
    this.querySelector(`.hand-card[data-i="${at}"]`)?.focus();
  }
}

customElements.define("yn-table", Table);
