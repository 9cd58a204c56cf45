// One seat at the table: the seat number in its circle (grey, in the colour to play on
// that player's turn), the avatar with the turn countdown and an emote bubble, name,
// card count, score, badges, and the record of this round's plays.

import { html, raw } from "../dom.js";
import { t } from "../i18n.js";
import { playerName } from "../names.js";
import { titleBadge } from "../parts/titles.js";
import { playText } from "./record.js";

/**
 * Small cards in a row, the newest `max` of them ("+N" says how many more came before).
 * `named` maps a card's position to the color named with it (wilds), drawn on the card.
 */
export function miniCards(codes, max = 4, named = []) {
  if (!codes || !codes.length) return "";
  const from = Math.max(0, codes.length - max);
  const shown = codes.slice(from);
  return html`${codes.length > max ? html`<span class="more">+${codes.length - max}</span>` : ""}<span class="mini-cards">${shown.map((c, i) => {
    const color = named[from + i];
    return html`<yn-card class="mini ${color ? `named named-${color}` : ""}" code="${c}" decorative ${color ? raw(`data-named="${color}"`) : ""}></yn-card>`;
  })}</span>`;
}

/** The seat of player `name` (seat `index`) as the table context `ctx` shows it. */
export function seatMarkup(ctx, name, index) {
  const { view: v, match, bubbles } = ctx;
  const info = match.table[index] || {};
  const turn = v.current === name && v.status === "playing";
  const color = v.color || "none";
  const count = v.hand_counts[index];
  const out = !v.in_match[index] || info.left;
  const called = v.called_uno[index];
  const mine = name === ctx.me;
  const bubble = bubbles.get(name);
  const avatar = info.avatar || { outfit: "red", expression: "smile" };
  const showBubble = bubble && bubble.until > ctx.now;
  const team = v.teams ? v.teams[index] : null;
  const camp = info.camp || (team === null || team === undefined ? null : team === 0 ? "red" : "blue");
  const record = ctx.plays.get(name) || [];
  const labelParts = [
    t("table.seat_n", { n: index + 1 }), playerName(name), mine ? t("room.you") : "",
    t("table.cards", { n: count }), turn ? t("table.turn_now") : "",
    called ? t("table.uno_called") : "", info.away ? t("table.away") : "", info.autoplay ? t("table.auto") : "",
    info.bot_account ? t("bot.account") : "", info.title ? t(`title.${info.title}`) : "", out ? t("table.out") : "", camp ? t(`camp.${camp}`) : "",
    record.length ? t("table.record", { cards: record.map(playText).join("; ") }) : "",
  ].filter(Boolean);
  return html`<li class="seat ${turn ? `turn turn-${color}` : ""} ${mine ? "mine" : ""} ${out ? "out" : ""} ${camp ? `camp-${camp}` : ""}" data-player="${name}" data-key="seat-${name}" aria-label="${labelParts.join(", ")}" ${turn ? raw('aria-current="true"') : ""}>
    <div class="ring" aria-hidden="true"><span class="seat-no">${index + 1}</span>
      <yn-avatar outfit="${avatar.outfit}" expression="${showBubble ? bubble.expression : avatar.expression}"></yn-avatar>
      ${turn ? html`<yn-countdown class="countdown" deadline="${match.clock.turn_player === name ? match.clock.turn_deadline ?? "" : ""}" offset="${match.offset}"></yn-countdown>` : ""}
      ${showBubble ? html`<span class="bubble"><yn-avatar outfit="${avatar.outfit}" expression="${bubble.expression}"></yn-avatar></span>` : ""}
    </div>
    <div class="seat-body" aria-hidden="true">
      <div class="seat-name">${camp ? html`<span class="camp-dot ${camp}"></span>` : ""}${playerName(name)}${info.title ? html` ${titleBadge(info.title)}` : ""}</div>
      <div class="seat-stats"><span class="count" title="${t("table.cards", { n: count })}">🂠 ${count}</span>
        <span class="score" title="${t("table.score")}">Σ${v.scores[index]}</span></div>
      <div class="badges">${info.bot_account ? html`<span class="badge bot-account" title="${t("bot.account")}">${t("table.bot_account")}</span>` : ""}${called ? html`<span class="badge uno">${t("table.uno_badge")}</span>` : ""}${info.autoplay ? html`<span class="badge auto">${t("table.auto")}</span>` : ""}${info.away ? html`<span class="badge away">${t("table.away")}</span>` : ""}${out ? html`<span class="badge out">${t("table.out")}</span>` : ""}${v.exposed === name ? html`<span class="badge exposed">!</span>` : ""}</div>
      <div class="last-play" title="${record.map(playText).join("; ")}">${miniCards(record.flatMap((p) => p.cards), 4, record.flatMap((p) => p.cards.map((c) => (c.startsWith("W") ? p.color : null))))}</div>
    </div>
  </li>`;
}
