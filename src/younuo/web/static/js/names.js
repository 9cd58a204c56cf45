// Names as the player should read them. The server names bots "Bot Mimi" (from its
// BOT_NAMES, or "Bot 3" by seat) and a room left unnamed "Ann's table", in English;
// here they are said in the chosen language. Only seats the server marks as bots are
// renamed: a person who calls themself "Bot Mimi" keeps their name.

import { has, t } from "./i18n.js";
import { store } from "./store.js";

const BOT = /^Bot (\S+)$/;

/** Whether `name` is a bot's seat in the current match or room. */
function isBot(name) {
  const seats = [...(store.match?.table || []), ...(store.room?.seats || [])];
  return seats.some((seat) => seat && seat.name === name && seat.kind === "bot");
}

/** A bot's name in the chosen language ("Bot Mimi" → "電腦咪咪"); `bot` if known to be one. */
export function botName(name, bot = isBot(name)) {
  const m = bot && typeof name === "string" ? BOT.exec(name) : null;
  if (!m) return name;
  if (/^\d+$/.test(m[1])) return t("bot.name_n", { n: m[1] });
  const key = `botname.${m[1]}`;
  return t("bot.name", { name: has(key) ? t(key) : m[1] });
}

/**
 * The bots of an ended match from its results (`GET /api/matches/{id}`, the profile's
 * history): a server bot's seat has no account. The replay and the history have no
 * seat kinds; this is how they tell a bot from a person called "Bot Mimi".
 */
export function botsOf(results) {
  return new Set((results || []).filter((r) => r && r.account === null).map((r) => r.name));
}

/** A namer for a match whose bots are `bots` (a Set of names): bots translated. */
export function namesWith(bots) {
  return (name) => (name ? botName(name, bots.has(name)) : name);
}

/** The name a player is shown by (people as they chose, bots translated). */
export function playerName(name) {
  return name ? botName(name) : name;
}

/** A room's name: the server's default "NAME's table" in the chosen language. */
export function roomName(name) {
  const m = /^(.+)'s table$/.exec(name || "");
  if (m) return t("room.default_name", { name: m[1] });
  if (name === "Table") return t("room.default_name_plain");
  return name;
}
