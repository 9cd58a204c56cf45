// What the table shows that is read from the match rather than drawn: each player's
// record of this round's plays (出牌記錄), a play in words, and team mode's camps.

import { cardName, t } from "../i18n.js";

/**
 * This round's plays by player, oldest first: Map name → [{cards, color}] (color: the
 * one named with a wild). Built from the events since the round began; a table opened
 * mid-round (a refresh) knows only each player's last play, from the view, until they
 * play again.
 */
export function roundPlays(events, view) {
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
export function playText(play) {
  const names = play.cards.map(cardName).join(t("list.sep"));
  return play.color ? t("table.play_named", { cards: names, color: t(`color.${play.color}`) }) : names;
}

/** Team mode's two camps: [{camp, members, total}] (team-mates share one score), or null. */
export function camps(view, table) {
  if (!view.teams || !table.some((p) => p.camp)) return null;
  return ["red", "blue"].map((camp) => {
    const seats = view.players.map((name, i) => i).filter((i) => table[i]?.camp === camp);
    return { camp, members: seats.map((i) => view.players[i]), total: Math.max(0, ...seats.map((i) => view.scores[i])) };
  }).filter((c) => c.members.length);
}
