// The table (遊戲界面 of 000_…): play, pass, report (catch), challenge, UNO and hint
// buttons; every seat's circle turns to the color in force on that player's turn;
// card counts, the turn countdown, each player's record of this round's plays, the direction
// arrow in the color in force, the discard pile, the stacking total, the draw pile;
// pickers for a wild's color and a 7's target; multi-card selection; the private
// reveal after a challenge; round and match results. Everything is also reachable by
// keyboard (shortcut letters on the buttons) and labelled for screen readers.

import { EXPRESSIONS } from "../avatar.js";
import { canAnswerPenalty, canPlay, goesOut, handPoints, parseCard, playableCodes, sortHand } from "../cards.js";
import { html, onAction, raw, render } from "../dom.js";
import { cardName, errorText, levelName, onLanguage, t } from "../i18n.js";
import { playerName } from "../names.js";
import { describe } from "../parts/describe.js";
import { COLOR_SYMBOL, ICON_FLAG } from "../parts/elements.js";
import { fly } from "../parts/fly.js";
import { announce, toast } from "../parts/notice.js";
import { showPlayable } from "../prefs.js";
import { play as sound } from "../sound.js";
import { store } from "../store.js";

const COLORS = ["red", "yellow", "green", "blue"];
// The last seconds of your own turn: the clock turns to a warning colour, pulses and ticks.
const WARN_SECONDS = 5;
// Scorings that play to a target (the others end after one round).
const TARGETED = new Set(["cumulative", "negative", "elimination"]);
const KEYS = { p: "play", d: "draw", s: "pass", u: "uno", r: "catch", c: "challenge", h: "hint", a: "autoplay", e: "emote", l: "log" };

/**
 * Small cards in a row, the newest `max` of them ("+N" says how many more came before).
 * `named` maps a card's position to the color named with it (wilds), drawn on the card.
 */
function miniCards(codes, max = 4, named = []) {
  if (!codes || !codes.length) return "";
  const from = Math.max(0, codes.length - max);
  const shown = codes.slice(from);
  return html`${codes.length > max ? html`<span class="more">+${codes.length - max}</span>` : ""}<span class="mini-cards">${shown.map((c, i) => {
    const color = named[from + i];
    return html`<yn-card class="mini ${color ? `named named-${color}` : ""}" code="${c}" decorative ${color ? raw(`data-named="${color}"`) : ""}></yn-card>`;
  })}</span>`;
}

/**
 * This round's plays by player, oldest first: [{cards, color}] (color: the one named
 * with a wild). Built from the events since the round began; a table opened mid-round
 * (a refresh) knows only each player's last play, from the view, until they play again.
 */
function roundPlays(view) {
  const events = store.events;
  let start = -1;
  for (let i = events.length - 1; i >= 0; i--) if (events[i].type === "round_start") { start = i; break; }
  const plays = new Map();
  for (const event of events.slice(start + 1)) {
    if (event.type !== "play" || !event.cards?.length) continue;
    const wild = event.cards.some((c) => c.startsWith("W"));
    if (!plays.has(event.player)) plays.set(event.player, []);
    plays.get(event.player).push({ cards: event.cards, color: wild ? event.color || null : null });
  }
  view.players.forEach((name, i) => {
    const last = view.last_play[i];
    if (start < 0 && last && !plays.has(name)) {
      const onTop = last.includes(view.top) && last.some((c) => c.startsWith("W"));
      plays.set(name, [{ cards: last, color: onTop ? view.color : null }]);
    }
  });
  return plays;
}

/** One play in words: "Red 5", "Wild (Green)". */
function playText(play) {
  const names = play.cards.map(cardName).join(", ");
  return play.color ? t("table.play_named", { cards: names, color: t(`color.${play.color}`) }) : names;
}

class Table extends HTMLElement {
  connectedCallback() {
    this.selected = [];
    this.selectedCodes = [];
    this.hint = false;
    this.overlay = null; // {kind: "color"|"target"|"emote"|"leave", ...}
    this.revealSeen = null;
    this.roundSeen = null;
    this.prevHand = null;
    this.bubbles = new Map();
    this.showLog = false;
    this.busy = false;
    this.paint();
    this.listen = (event) => this.changed(event.detail);
    store.addEventListener("change", this.listen);
    this.off = onLanguage(() => this.paint());
    onAction(this, (action, el, event) => this.act(action, el, event));
    this.keys = (event) => this.key(event);
    document.addEventListener("keydown", this.keys);
    this.prefs = () => this.paint();
    window.addEventListener("younuo-prefs", this.prefs);
    // Four times a second, so the last seconds' tick falls close to each second.
    this.clockTimer = setInterval(() => this.tickClocks(), 250);
  }

  disconnectedCallback() {
    store.removeEventListener("change", this.listen);
    document.removeEventListener("keydown", this.keys);
    window.removeEventListener("younuo-prefs", this.prefs);
    clearInterval(this.clockTimer);
    clearTimeout(this.bubbleTimer);
    if (this.off) this.off();
  }

  get match() { return store.match; }
  get view() { return store.match?.view; }
  get me() { return this.view?.player || null; }
  get myTurn() { return Boolean(this.me) && this.view.current === this.me && this.view.status === "playing"; }

  // ------------------------------------------------------------------ updates
  changed(what) {
    if (!what) return;
    if (what === "room" || what === "status") { this.paint(); return; }
    if (what.kind === "match_over") { sound("win"); this.paint(); return; }
    if (what.kind === "emote") { this.emoted(what.player, what.avatar); return; }
    if (what.kind !== "state" && what.kind !== "update") return;
    const before = this.snapshotRects();
    this.keepSelection();
    this.paint();
    this.animate(what.events || [], before);
    this.tell(what.events || []);
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

  /** Keep the selection on the same cards; drop it when one of them left the hand. */
  keepSelection() {
    const hand = this.sortedHand();
    const used = new Set();
    const next = [];
    for (const code of this.selectedCodes || []) {
      const i = hand.findIndex((c, k) => c === code && !used.has(k));
      if (i < 0) { this.selected = []; this.selectedCodes = []; return; }
      used.add(i);
      next.push(i);
    }
    this.selected = next;
    if (!this.myTurn) this.hint = false;
  }

  sortedHand() { return this.view ? sortHand(this.view.hand || []) : []; }

  snapshotRects() {
    return { pile: this.querySelector(".draw-pile"), discard: this.querySelector(".discard") };
  }

  animate(events, _before) {
    // No flight while a dialog is up: it would cross the result the player reads.
    if (this.querySelector(".overlay")) return;
    const discard = this.querySelector(".discard .top-card");
    const pile = this.querySelector(".draw-pile");
    let delay = 0;
    for (const event of events) {
      const seat = this.querySelector(`[data-player="${CSS.escape(event.player || "")}"]`);
      if (event.type === "play") {
        fly(event.cards?.[event.cards.length - 1], seat, discard, delay);
        delay += 120;
      } else if (event.type === "draw") {
        const target = event.player === this.me ? this.querySelector(".hand") : seat;
        const n = Math.min(event.count || 1, 4);
        for (let i = 0; i < n; i++) { fly(null, pile, target, delay); delay += 80; }
      }
    }
  }

  tell(events) {
    const me = this.me;
    let turnBefore = false;
    for (const event of events) {
      const text = describe(event, me);
      if (text) announce(text);
      if (event.type === "play") sound("play");
      else if (event.type === "draw") sound("draw");
      else if (event.type === "uno") sound("uno");
      else if (event.type === "catch") sound("catch");
      if (event.type === "round_over" || event.type === "match_over") turnBefore = true;
    }
    if (!turnBefore && this.myTurn && events.length && !this.wasMyTurn) {
      sound("turn");
      announce(t("table.your_turn"));
    }
    this.wasMyTurn = this.myTurn;
  }

  /** Whole seconds left of our own turn, or null when it is not ours or untimed. */
  myTurnLeft() {
    const clock = this.match?.clock;
    if (!this.myTurn || !clock || clock.turn_player !== this.me || !clock.turn_deadline) return null;
    return Math.max(0, Math.ceil(clock.turn_deadline - store.serverNow()));
  }

  clockWarning() {
    const left = this.myTurnLeft();
    return left !== null && left > 0 && left <= WARN_SECONDS;
  }

  /** In the last seconds of our own turn: the warning class, one announcement, a tick a second. */
  warnClock() {
    const left = this.myTurnLeft();
    const warn = this.clockWarning();
    this.querySelector(".table-screen")?.classList.toggle("clock-warn", warn);
    const chip = this.querySelector(".clock-chip");
    if (chip) chip.textContent = warn ? t("table.time_left", { s: left }) : "";
    if (!warn) { this.warnedAt = null; return; }
    if (this.warnedAt === left) return;
    if (this.warnedAt === null || this.warnedAt === undefined) announce(t("table.time_low", { s: left }));
    this.warnedAt = left;
    sound("tick");
  }

  tickClocks() {
    // The countdown elements tick themselves; this shows the match clock, the
    // next-round countdown and our own turn's warning, cheap to redo.
    const clock = this.match?.clock;
    if (!clock) return;
    this.warnClock();
    const now = store.serverNow();
    const mc = this.querySelector(".match-clock");
    if (mc && clock.match_deadline) {
      const left = Math.max(0, Math.round(clock.match_deadline - now));
      mc.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    }
    const nr = this.querySelector(".next-round");
    if (nr && clock.next_round_at) nr.textContent = t("results.next_in", { s: Math.max(0, Math.ceil(clock.next_round_at - now)) });
  }

  // ------------------------------------------------------------------ what may be done
  legal(type) {
    const legal = this.match?.legal;
    if (legal) return legal.some((a) => a.type === type);
    const v = this.view;
    if (!v || !this.me || v.status !== "playing") return false;
    const seat = v.players.indexOf(this.me);
    const inRound = v.in_round[seat];
    const hand = v.hand || [];
    switch (type) {
      case "draw": {
        if (!this.myTurn || v.phase !== "turn") return false;
        if (v.pending_draw && v.rules.forced_stacking && hand.some((c) => canAnswerPenalty(v.rules, parseCard(c), v.pending_kind, v.color))) return false;
        if (!v.pending_draw && v.rules.force_play && playableCodes(v).size) return false;
        return true;
      }
      case "pass": return this.myTurn && v.phase === "drawn" && !v.rules.force_play;
      case "challenge": return Boolean(v.challenge_open);
      case "uno": return inRound && !v.called_uno[seat] && (hand.length === 1 || (hand.length === 2 && this.myTurn));
      case "catch": return inRound && Boolean(v.exposed) && v.exposed !== this.me;
      case "choose_color": return this.myTurn && v.phase === "choose_color";
      default: return false;
    }
  }

  playable() { return playableCodes(this.view, this.match?.legal); }

  selectionCodes() {
    const hand = this.sortedHand();
    return this.selected.map((i) => hand[i]).filter(Boolean);
  }

  canPlaySelection() {
    const codes = this.selectionCodes();
    if (!codes.length || !this.me) return false;
    const legal = this.match?.legal;
    if (legal) {
      const key = [...codes].sort().join(",");
      return legal.some((a) => a.type === "play" && [...(a.cards || [a.card])].sort().join(",") === key);
    }
    return canPlay(this.view, codes);
  }

  // ------------------------------------------------------------------ doing it
  async send(action) {
    if (this.busy) return;
    this.busy = true;
    try {
      await store.act(action);
      if (action.type === "play") { this.selected = []; this.selectedCodes = []; this.hint = false; }
    } catch (error) {
      if (error.code !== "stale_version") { toast(errorText(error), "warn"); sound("error"); }
    } finally {
      this.busy = false;
      this.paint();
    }
  }

  playSelection() {
    const codes = this.selectionCodes();
    if (!codes.length) { toast(t("table.pick_first")); return; }
    if (!this.canPlaySelection()) { toast(t("table.cannot_play"), "warn"); sound("error"); return; }
    const first = parseCard(codes[0]);
    const v = this.view;
    const action = codes.length === 1 ? { type: "play", card: codes[0] } : { type: "play", cards: codes };
    if (first.color === null) { this.overlay = { kind: "color", action }; this.paint(); this.focusOverlay(); return; }
    if (v.rules.seven_zero && first.rank === "7" && !goesOut(v, codes)) {
      this.overlay = { kind: "target", action };
      this.paint();
      this.focusOverlay();
      return;
    }
    this.send(action);
  }

  focusOverlay() {
    requestAnimationFrame(() => this.querySelector(".overlay button:not([disabled])")?.focus());
  }

  toggleCard(index) {
    const hand = this.sortedHand();
    const code = hand[index];
    const multi = this.view.rules.multi_play && this.view.rules.multi_play !== "off";
    const at = this.selected.indexOf(index);
    if (at >= 0) {
      // A second tap on a selected single card plays it (quick play on phones).
      if (!multi || this.selected.length === 1) { this.playSelection(); return; }
      this.selected.splice(at, 1);
    } else if (multi && this.selected.length && parseCard(hand[this.selected[0]]).rank === parseCard(code).rank) {
      this.selected.push(index);
    } else {
      this.selected = [index];
    }
    this.selectedCodes = this.selected.map((i) => hand[i]);
    this.paint();
  }

  act(action, el) {
    const v = this.view;
    switch (action) {
      case "card": this.toggleCard(Number(el.dataset.i)); break;
      case "play": this.playSelection(); break;
      case "draw": if (this.legal("draw")) this.send({ type: "draw" }); break;
      case "pass": if (this.legal("pass")) this.send({ type: "pass" }); break;
      case "uno": this.send({ type: "uno" }); break;
      case "catch": if (v.exposed) this.send({ type: "catch", target: v.exposed }); break;
      case "challenge": this.send({ type: "challenge" }); break;
      case "hint": this.showHint(); break;
      case "autoplay": {
        const seat = this.match.table.find((p) => p.name === this.me);
        this.askedAuto = !seat?.autoplay;
        store.request({ type: "autoplay", on: !seat?.autoplay }).catch((e) => toast(errorText(e), "warn"));
        break;
      }
      case "color": {
        const color = el.dataset.color;
        const pending = this.overlay;
        this.overlay = null;
        if (pending?.action) {
          const next = { ...pending.action, color };
          const first = parseCard((next.cards || [next.card])[0]);
          if (v.rules.seven_zero && first.rank === "7") { this.overlay = { kind: "target", action: next }; this.paint(); this.focusOverlay(); return; }
          this.send(next);
        } else {
          this.send({ type: "choose_color", color });
        }
        break;
      }
      case "target": {
        const pending = this.overlay;
        this.overlay = null;
        if (pending?.action) this.send({ ...pending.action, target: el.dataset.target });
        break;
      }
      case "emote": this.overlay = this.overlay?.kind === "emote" ? null : { kind: "emote" }; this.paint(); this.focusOverlay(); break;
      case "emote-pick": {
        this.overlay = null;
        const mine = this.match.table.find((p) => p.name === this.me);
        const avatar = { ...(mine?.avatar || store.account.avatar), expression: el.dataset.value };
        if (mine) mine.avatar = avatar;
        this.bubbles.set(this.me, { expression: el.dataset.value, until: Date.now() + 3000 });
        store.request({ type: "avatar", avatar }).catch(() => {});
        this.paint();
        break;
      }
      case "leave-ask": this.overlay = { kind: "leave" }; this.paint(); this.focusOverlay(); break;
      case "leave": this.overlay = null; store.request({ type: "leave_room" }).then(() => { store.leaveRoomLocally(); store.changed("room"); }, (e) => toast(errorText(e), "warn")); break;
      case "close": this.overlay = null; this.paint(); break;
      case "reveal-ok":
        // Remembered for the tab, so a refresh does not show the same reveal again.
        this.revealSeen = JSON.stringify(v.reveal);
        try { sessionStorage.setItem(`younuo.reveal.${this.match.id}`, this.revealSeen); } catch { /* private mode */ }
        this.paint();
        break;
      case "back-to-room": store.match = null; store.matchOver = null; store.changed("room"); break;
      case "log": this.showLog = !this.showLog; this.paint(); break;
      default: break;
    }
  }

  showHint() {
    const playable = this.playable();
    this.hint = true;
    const hand = this.sortedHand();
    const first = hand.findIndex((c) => playable.has(c));
    if (first >= 0) {
      this.selected = [first];
      this.selectedCodes = [hand[first]];
      announce(t("table.hint_cards", { cards: [...playable].map(cardName).join(", ") }));
    } else {
      announce(t("table.hint_none"));
      toast(t("table.hint_none"));
    }
    this.paint();
    this.querySelector(`.hand-card[data-i="${first}"]`)?.focus();
  }

  key(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (!this.isConnected || !this.view) return;
    const key = event.key.toLowerCase();
    if (event.key === "Escape" && (this.overlay || this.showLog)) { this.overlay = null; this.showLog = false; this.paint(); event.preventDefault(); return; }
    if (this.overlay?.kind === "color" || (this.legal("choose_color") && !this.overlay)) {
      const i = ["1", "2", "3", "4"].indexOf(key);
      if (i >= 0) { event.preventDefault(); this.act("color", { dataset: { color: COLORS[i] } }); return; }
    }
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const cards = [...this.querySelectorAll(".hand-card")];
      const at = cards.indexOf(document.activeElement);
      if (at >= 0) {
        event.preventDefault();
        const next = cards[(at + (event.key === "ArrowLeft" ? -1 : 1) + cards.length) % cards.length];
        next.focus();
        next.scrollIntoView({ block: "nearest", inline: "nearest" });
      }
      return;
    }
    const action = KEYS[key];
    if (!action) return;
    const button = this.querySelector(`[data-action="${action}"]`);
    if (button && !button.disabled) { event.preventDefault(); button.click(); }
  }

  // ------------------------------------------------------------------ drawing the table
  seatMarkup(name, index) {
    const v = this.view;
    const match = this.match;
    const info = match.table[index] || {};
    const turn = v.current === name && v.status === "playing";
    const color = v.color || "none";
    const count = v.hand_counts[index];
    const out = !v.in_match[index] || info.left;
    const called = v.called_uno[index];
    const mine = name === this.me;
    const bubble = this.bubbles.get(name);
    const avatar = info.avatar || { outfit: "red", expression: "smile" };
    const showBubble = bubble && bubble.until > Date.now();
    const team = v.teams ? v.teams[index] : null;
    const camp = info.camp || (team === null || team === undefined ? null : team === 0 ? "red" : "blue");
    const record = this.plays?.get(name) || [];
    const labelParts = [
      t("table.seat_n", { n: index + 1 }), playerName(name), mine ? t("room.you") : "",
      t("table.cards", { n: count }), turn ? t("table.turn_now") : "",
      called ? t("table.uno_called") : "", info.away ? t("table.away") : "", info.autoplay ? t("table.auto") : "",
      out ? t("table.out") : "", camp ? t(`camp.${camp}`) : "",
      record.length ? t("table.record", { cards: record.map(playText).join("; ") }) : "",
    ].filter(Boolean);
    return html`<li class="seat ${turn ? `turn turn-${color}` : ""} ${mine ? "mine" : ""} ${out ? "out" : ""} ${camp ? `camp-${camp}` : ""}" data-player="${name}" aria-label="${labelParts.join(", ")}" ${turn ? raw('aria-current="true"') : ""}>
      <div class="ring" aria-hidden="true"><span class="seat-no">${index + 1}</span>
        <yn-avatar outfit="${avatar.outfit}" expression="${showBubble ? bubble.expression : avatar.expression}"></yn-avatar>
        ${turn ? html`<yn-countdown class="countdown" deadline="${match.clock.turn_player === name ? match.clock.turn_deadline ?? "" : ""}" offset="${match.offset}"></yn-countdown>` : ""}
        ${showBubble ? html`<span class="bubble"><yn-avatar outfit="${avatar.outfit}" expression="${bubble.expression}"></yn-avatar></span>` : ""}
      </div>
      <div class="seat-body" aria-hidden="true">
        <div class="seat-name">${camp ? html`<span class="camp-dot ${camp}"></span>` : ""}${playerName(name)}</div>
        <div class="seat-stats"><span class="count" title="${t("table.cards", { n: count })}">🂠 ${count}</span>
          <span class="score" title="${t("table.score")}">Σ${v.scores[index]}</span></div>
        <div class="badges">${called ? html`<span class="badge uno">UNO</span>` : ""}${info.autoplay ? html`<span class="badge auto">${t("table.auto")}</span>` : ""}${info.away ? html`<span class="badge away">${t("table.away")}</span>` : ""}${out ? html`<span class="badge out">${t("table.out")}</span>` : ""}${v.exposed === name ? html`<span class="badge exposed">!</span>` : ""}</div>
        <div class="last-play" title="${record.map(playText).join("; ")}">${miniCards(record.flatMap((p) => p.cards), 4, record.flatMap((p) => p.cards.map((c) => (c.startsWith("W") ? p.color : null))))}</div>
      </div>
    </li>`;
  }

  centerMarkup() {
    const v = this.view;
    const color = v.color || "none";
    const pile = v.discard_pile || (v.top ? [v.top] : []);
    const under = pile.slice(-4, -1);
    const dir = v.direction === 1 ? "cw" : "ccw";
    const canDraw = this.legal("draw");
    return html`<section class="center" aria-label="${t("table.center")}">
      <div class="direction dir-${dir} c-${color}" role="img" aria-label="${t(`table.direction_${dir}`)}, ${v.color ? t("table.color", { color: t(`color.${v.color}`) }) : ""}">
        <svg viewBox="0 0 200 200" aria-hidden="true"><defs><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10z" class="arrow-fill"/></marker></defs>
          <path d="M 100 12 A 88 88 0 0 1 188 100" class="arrow" marker-end="url(#arrowhead)"/>
          <path d="M 100 188 A 88 88 0 0 1 12 100" class="arrow" marker-end="url(#arrowhead)"/></svg>
      </div>
      <button class="draw-pile" data-action="draw" data-key="pile" ${canDraw ? "" : "disabled"} aria-label="${t("table.pile", { n: v.pile_count })}${canDraw ? `, ${t("act.draw")}` : ""}">
        <yn-card decorative></yn-card><span class="pile-count">${v.pile_count}</span></button>
      <div class="discard" aria-label="${t("table.discard", { card: v.top ? cardName(v.top) : "—", n: v.discard_count })}" role="img">
        ${under.map((c, i) => html`<yn-card class="under u${i}" code="${c}" decorative></yn-card>`)}
        ${v.top ? html`<yn-card class="top-card" code="${v.top}" decorative></yn-card>` : ""}
      </div>
      <div class="in-force">
        ${v.color ? html`<span class="color-chip c-${v.color}" title="${t("table.color", { color: t(`color.${v.color}`) })}"><span class="cb-sym">${COLOR_SYMBOL[v.color]}</span><span class="sr-only">${t("table.color", { color: t(`color.${v.color}`) })}</span></span>` : ""}
        ${v.pending_draw ? html`<span class="stack-total" role="status" aria-label="${t("table.stack", { n: v.pending_draw })}">+${v.pending_draw}</span>` : ""}
      </div>
    </section>`;
  }

  handMarkup() {
    const v = this.view;
    const hand = this.sortedHand();
    const playable = this.playable();
    // Shown without Hint when the setting is on: only the server's legal plays count.
    const legal = this.match.legal;
    const shown = showPlayable() && legal ? playableCodes(v, legal) : new Set();
    const sel = new Set(this.selected);
    // Cards that arrived since the last picture get a little entrance.
    const before = [...(this.prevHand || hand)];
    const fresh = new Set();
    hand.forEach((code, i) => {
      const at = before.indexOf(code);
      if (at >= 0) before.splice(at, 1);
      else fresh.add(i);
    });
    this.prevHand = hand;
    return html`<div class="hand ${this.hint ? "hinting" : ""} ${showPlayable() ? "show-playable" : ""} ${shown.size ? "some-playable" : ""}" role="group" aria-label="${t("table.hand", { cards: t("table.cards", { n: hand.length }), points: t("table.points", { n: handPoints(hand) }) })}" data-scroll="hand">
      ${hand.map((code, i) => html`<button class="hand-card ${playable.has(code) ? "playable" : ""} ${sel.has(i) ? "selected" : ""} ${fresh.has(i) ? "fresh" : ""} ${v.drawn === code ? "drawn" : ""} ${shown.has(code) ? "can-play" : ""}"
        data-action="card" data-i="${i}" data-code="${code}" data-key="card-${i}-${code}" aria-pressed="${sel.has(i)}"
        aria-label="${cardName(code)}${playable.has(code) ? `, ${t("table.playable")}` : ""}"><yn-card code="${code}" decorative></yn-card></button>`)}
    </div>`;
  }

  buttonsMarkup() {
    const b = (action, label, key, enabled, extra = "") => html`<button class="act act-${action} ${extra}" data-action="${action}" data-key="act-${action}" ${enabled ? "" : "disabled"} aria-keyshortcuts="${key.toUpperCase()}"><span>${label}</span><kbd aria-hidden="true">${key.toUpperCase()}</kbd></button>`;
    const v = this.view;
    const pending = v.pending_draw && this.myTurn && v.phase === "turn";
    const mine = this.match.table.find((p) => p.name === this.me);
    return html`<div class="actions" role="toolbar" aria-label="${t("table.actions")}">
      ${b("play", t("act.play"), "p", this.selectionCodes().length > 0 && this.canPlaySelection(), "primary")}
      ${b("draw", pending ? t("act.take", { n: v.pending_draw }) : t("act.draw"), "d", this.legal("draw"))}
      ${b("pass", t("act.pass"), "s", this.legal("pass"))}
      ${b("uno", t("act.uno"), "u", this.legal("uno"), "uno-btn")}
      ${b("catch", t("act.catch"), "r", this.legal("catch"))}
      ${b("challenge", t("act.challenge"), "c", this.legal("challenge"))}
      ${b("hint", t("act.hint"), "h", this.me && v.status === "playing")}
      ${b("autoplay", mine?.autoplay ? t("act.autoplay_off") : t("act.autoplay_on"), "a", v.status === "playing", mine?.autoplay ? "on" : "")}
      ${b("emote", t("act.emote"), "e", true)}
    </div>`;
  }

  statusLine() {
    const v = this.view;
    if (v.status !== "playing") return "";
    if (!this.me) return v.current ? t("table.turn_of", { name: playerName(v.current) }) : "";
    if (this.myTurn) {
      // Report (catch) is open on our own turn too: say so before anything else.
      if (v.exposed && v.exposed !== this.me && this.legal("catch")) return t("table.may_catch_your_turn", { name: playerName(v.exposed) });
      if (v.phase === "choose_color") return t("table.choose_start_color");
      if (v.challenge_open) return t("table.may_challenge", { n: v.pending_draw });
      if (v.pending_draw) return t("table.pending_you", { n: v.pending_draw });
      if (v.phase === "drawn") return t("table.drawn_hint");
      return t("table.your_turn");
    }
    if (v.exposed && v.exposed !== this.me) return t("table.may_catch", { name: playerName(v.exposed) });
    return t("table.turn_of", { name: playerName(v.current) || "—" });
  }

  overlayMarkup() {
    const v = this.view;
    const o = this.overlay || (this.legal("choose_color") ? { kind: "color" } : null);
    if (o) {
      if (o.kind === "color") {
        return html`<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="pick-color-h"><div class="dialog">
          <h2 id="pick-color-h">${t("table.pick_color")}</h2>
          <div class="color-grid">${COLORS.map((c, i) => html`<button class="color-btn c-${c}" data-action="color" data-color="${c}" data-key="color-${c}" aria-keyshortcuts="${i + 1}">
            <span class="cb-sym" aria-hidden="true">${COLOR_SYMBOL[c]}</span> ${t(`color.${c}`)} <kbd aria-hidden="true">${i + 1}</kbd></button>`)}</div>
          ${this.overlay ? html`<button data-action="close" data-key="color-cancel">${t("common.cancel")}</button>` : ""}</div></div>`;
      }
      if (o.kind === "target") {
        const others = v.players.filter((p, i) => p !== this.me && v.in_round[i]);
        return html`<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="pick-target-h"><div class="dialog">
          <h2 id="pick-target-h">${t("table.pick_target")}</h2>
          <div class="target-list">${others.map((p) => html`<button data-action="target" data-target="${p}" data-key="target-${p}">${playerName(p)} · ${t("table.cards", { n: v.hand_counts[v.players.indexOf(p)] })}</button>`)}</div>
          <button data-action="close" data-key="target-cancel">${t("common.cancel")}</button></div></div>`;
      }
      if (o.kind === "emote") {
        const mine = this.match.table.find((p) => p.name === this.me);
        const outfit = mine?.avatar?.outfit || store.account?.avatar?.outfit || "red";
        return html`<div class="overlay light" role="dialog" aria-modal="true" aria-labelledby="emote-h"><div class="dialog">
          <h2 id="emote-h">${t("act.emote")}</h2>
          <div class="emote-grid">${EXPRESSIONS.map((e) => html`<button class="face-btn" data-action="emote-pick" data-value="${e}" data-key="emote-${e}" aria-label="${t(`expression.${e}`)}"><yn-avatar outfit="${outfit}" expression="${e}"></yn-avatar></button>`)}</div>
          <button data-action="close" data-key="emote-cancel">${t("common.close")}</button></div></div>`;
      }
      if (o.kind === "leave") {
        return html`<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="leave-h"><div class="dialog">
          <h2 id="leave-h">${t("table.leave_q")}</h2><p>${t("table.leave_warn")}</p>
          <div class="row right"><button data-action="close" data-key="leave-no">${t("common.cancel")}</button>
          <button class="danger" data-action="leave" data-key="leave-yes">${t("table.leave_yes")}</button></div></div></div>`;
      }
    }
    // A round that ends while the reveal is open shows its result at once: the reveal
    // belongs to a turn that is over, and the next deal should not wait for an OK.
    const ended = v.status === "round_over" || v.status === "match_over" || store.matchOver;
    if (ended) return this.resultsMarkup();
    if (this.revealSeen === null) {
      try { this.revealSeen = sessionStorage.getItem(`younuo.reveal.${this.match.id}`); } catch { this.revealSeen = ""; }
    }
    if (v.reveal && JSON.stringify(v.reveal) !== this.revealSeen) {
      const [accused, cards] = v.reveal;
      return html`<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="reveal-h"><div class="dialog reveal">
        <h2 id="reveal-h">${t("table.reveal_title", { name: playerName(accused) })}</h2>
        <p class="small muted">${t("table.reveal_private")}</p>
        <div class="reveal-cards" role="list">${cards.map((c) => html`<yn-card role="listitem" code="${c}"></yn-card>`)}</div>
        <button class="primary" data-action="reveal-ok" data-key="reveal-ok">${t("common.ok")}</button></div></div>`;
    }
    return "";
  }

  resultsMarkup() {
    const v = this.view;
    const over = store.matchOver;
    const rnd = store.lastRoundOver;
    const final = v.status === "match_over" || over;
    const hands = rnd?.hands || {};
    const winner = rnd?.player || v.round_winner;
    const results = over?.results || [];
    const camps = this.camps();
    const campOf = (name) => camps?.find((c) => c.members.includes(name))?.camp || null;
    const points = rnd?.points ?? v.round_points ?? 0;
    // In team mode the camp wins (team-mates share one score), not the one who went out.
    const roundLine = !winner ? "" : camps && campOf(winner)
      ? t(`results.camp_round_winner.${campOf(winner)}`, { name: playerName(winner), points })
      : t(winner === this.me ? "results.round_winner.you" : "results.round_winner", { name: playerName(winner), points });
    const matchCamp = over?.winner && camps ? campOf(over.winner) : null;
    const matchLine = !over?.winner ? t("results.no_winner") : matchCamp
      ? t(`results.camp_match_winner.${matchCamp}`)
      : t(over.winner === this.me ? "results.match_winner.you" : "results.match_winner", { name: playerName(over.winner) });
    const target = TARGETED.has(v.rules.scoring) ? v.rules.target : null;
    return html`<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="results-h"><div class="dialog results">
      <h2 id="results-h">${final ? t("results.match_over") : t("results.round_over", { n: v.round })}</h2>
      ${winner ? html`<p class="winner-line">★ ${roundLine}</p>` : ""}
      ${target ? html`<p class="target-line small muted">${t(v.rules.scoring === "cumulative" ? "results.target.cumulative" : "results.target.negative", { n: target })}</p>` : ""}
      ${camps ? html`<table class="score-table camp-table">
        <caption class="sr-only">${t("results.camps")}</caption>
        <thead><tr><th scope="col">${t("results.camp")}</th><th scope="col">${t("results.members")}</th><th scope="col">${t("results.total")}</th></tr></thead>
        <tbody>${camps.map((c) => html`<tr class="camp-row camp-${c.camp} ${c.camp === (final ? matchCamp : campOf(winner)) ? "won" : ""}" data-camp="${c.camp}">
          <th scope="row"><span class="camp-dot ${c.camp}"></span>${t(`camp.${c.camp}.short`)}</th>
          <td>${c.members.map(playerName).join(t("list.sep"))}</td><td class="camp-total">${c.total}</td></tr>`)}</tbody></table>` : ""}
      <table class="score-table">
        <caption class="sr-only">${t("results.round_table")}</caption>
        <thead><tr><th scope="col">${t("results.player")}</th><th scope="col">${t("results.hand")}</th><th scope="col">${t("results.points")}</th><th scope="col">${t("results.total")}</th></tr></thead>
        <tbody>${v.players.map((name, i) => {
          const cards = hands[name];
          const camp = campOf(name);
          return html`<tr class="${name === winner ? "won" : ""} ${name === this.me ? "me" : ""}"><th scope="row">${camp ? html`<span class="camp-dot ${camp}" title="${t(`camp.${camp}`)}"></span>` : ""}${playerName(name)}</th>
            <td class="hand-cell">${cards ? (cards.length ? miniCards(cards, 12) : "—") : t("table.cards", { n: v.hand_counts[i] })}<span class="sr-only">${cards ? cards.map(cardName).join(", ") : ""}</span></td>
            <td>${cards ? handPoints(cards) : ""}</td><td>${v.scores[i]}</td></tr>`;
        })}</tbody>
      </table>
      ${final && results.length ? html`
        <h3 class="match-winner">${matchLine}</h3>
        <table class="score-table"><caption class="sr-only">${t("results.match_table")}</caption>
          <thead><tr><th scope="col">${t("results.player")}</th><th scope="col">${t("results.score")}</th><th scope="col">${t("results.change")}</th><th scope="col">${t("results.level")}</th></tr></thead>
          <tbody>${results.map((r) => html`<tr class="${r.winner || r.name === over.winner ? "won" : ""}"><th scope="row">${campOf(r.name) ? html`<span class="camp-dot ${campOf(r.name)}"></span>` : ""}${playerName(r.name)}${r.left ? html` <span class="tag">${t("table.left")}</span>` : ""}</th>
            <td>${r.score}</td><td class="${r.rating_change >= 0 ? "up" : "down"}" title="${Object.entries(r.breakdown || {}).map(([k, n]) => `${t(`results.${k}`)} ${n}`).join(", ")}">${r.rating_change >= 0 ? "+" : ""}${r.rating_change}</td>
            <td>${r.level ? `${levelName(r.level)} (${r.rating})` : ""}</td></tr>`)}</tbody></table>` : ""}
      ${final ? html`<button class="primary" data-action="back-to-room" data-key="back-to-room" ${over ? "" : "disabled"}>${t("results.back")}</button>`
        : html`<p class="next-round muted" aria-live="off">${this.match.clock.next_round_at ? t("results.next_in", { s: Math.max(0, Math.ceil(this.match.clock.next_round_at - store.serverNow())) }) : ""}</p>`}
    </div></div>`;
  }

  /** Team mode's two camps: [{camp, members, total}] (team-mates share one score), or null. */
  camps() {
    const v = this.view;
    const table = this.match.table;
    if (!v.teams || !table.some((p) => p.camp)) return null;
    return ["red", "blue"].map((camp) => {
      const seats = v.players.map((name, i) => i).filter((i) => table[i]?.camp === camp);
      return { camp, members: seats.map((i) => v.players[i]), total: Math.max(0, ...seats.map((i) => v.scores[i])) };
    }).filter((c) => c.members.length);
  }

  /**
   * The log: on wide screens a short corner panel (newest last, cut at the top); opened
   * (☰ or L), a dialog with more lines, so on a phone it never lies over the buttons.
   */
  logMarkup() {
    const lines = store.events.map((e) => describe(e, this.me)).filter(Boolean);
    const list = (n, cls) => html`<ol class="${cls}" aria-label="${t("table.log")}">${lines.slice(-n).map((line) => html`<li>${line}</li>`)}</ol>`;
    if (!this.showLog) return list(8, "log");
    return html`<div class="overlay light" role="dialog" aria-modal="true" aria-labelledby="log-h"><div class="dialog log-dialog">
      <h2 id="log-h">${t("table.log")}</h2>${list(30, "log-lines")}
      <button data-action="log" data-key="log-close">${t("common.close")}</button></div></div>`;
  }

  paint() {
    const match = this.match;
    if (!match) { render(this, ""); return; }
    const v = match.view;
    const n = v.players.length;
    const myIndex = this.me ? v.players.indexOf(this.me) : -1;
    // Opponents in play order, starting after our own seat.
    const order = [];
    for (let k = 1; k <= n; k++) {
      const i = ((myIndex < 0 ? -1 : myIndex) + k + n) % n;
      if (i !== myIndex) order.push(i);
    }
    const mine = match.table.find((p) => p.name === this.me);
    this.plays = roundPlays(v);
    render(this, html`
      <div class="table-screen ${this.myTurn ? "my-turn" : ""} ${this.clockWarning() ? "clock-warn" : ""}">
        <div class="table-top">
          <span class="round-no">${t("table.round", { n: v.round })}</span>
          ${TARGETED.has(v.rules.scoring) ? html`<span class="target-no" title="${t("table.target_long", { n: v.rules.target })}"><span class="sr-only">${t("table.target_long", { n: v.rules.target })}</span><span class="target-long" aria-hidden="true">${t("table.target", { n: v.rules.target })}</span><span class="target-short" aria-hidden="true">${raw(ICON_FLAG)}${v.rules.target}</span></span>` : ""}
          <span class="clock-chip" aria-hidden="true"></span>
          ${match.clock.match_deadline ? html`<span class="match-clock" aria-label="${t("table.match_clock")}" title="${t("table.match_clock")}"></span>` : ""}
          <span class="status-line" role="status">${this.statusLine()}</span>
          <span class="spacer"></span>
          <button class="icon-btn" data-action="log" data-key="log" aria-expanded="${this.showLog}" aria-keyshortcuts="L" title="${t("table.log")}" aria-label="${t("table.log")}">☰</button>
          ${this.me ? html`<button class="icon-btn" data-action="leave-ask" data-key="leave-ask" title="${t("table.leave")}" aria-label="${t("table.leave")}">⎋</button>`
            : html`<button class="small" data-action="leave" data-key="stop-watch">${t("table.stop_watching")}</button>`}
        </div>
        <ol class="opponents" data-toast-anchor aria-label="${t("table.players")}">${order.map((i) => this.seatMarkup(v.players[i], i))}</ol>
        ${this.centerMarkup()}
        ${this.logMarkup()}
        ${this.me ? html`<section class="me-area" aria-label="${t("table.my_area")}">
          <div class="me-row"><ol class="me-seat">${this.seatMarkup(this.me, myIndex)}</ol>${this.handMarkup()}</div>
          ${mine?.autoplay && v.status === "playing"
            // While a bot plays the seat the play buttons do nothing: the banner takes their
            // place (no taller than they were, so it fits a short phone) with the way back.
            ? html`<div class="autoplay-banner" role="status"><span>${t("table.autoplay_on")}</span>
              <span class="row"><button class="primary" data-action="autoplay" data-key="autoplay-off" aria-keyshortcuts="A">${t("act.autoplay_off")}</button>
              <button data-action="emote" data-key="act-emote" aria-keyshortcuts="E">${t("act.emote")}</button></span></div>`
            : this.buttonsMarkup()}
        </section>` : html`<p class="watching muted">${t("table.watching")}</p>`}
        ${this.overlayMarkup()}
      </div>`);
    this.tickClocks();
  }
}

customElements.define("yn-table", Table);
