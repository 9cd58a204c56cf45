// Translations: Traditional Chinese, Simplified Chinese and English. The language
// follows the browser (navigator.languages) until the player picks one, which is kept
// in localStorage. t(key, params) fills {name} placeholders and picks plural forms.
//
// The words are data, /lang/<language>.json, one table per language that the terminal
// table (younuo.tui.words) reads too; keys under "tui." are the terminal's alone.
// They are fetched before this module finishes loading (a top-level await), so every
// module that imports t() finds them there, as when they were modules themselves.

/** The table of one language, from the static files beside /js. */
async function load(lang) {
  const response = await fetch(new URL(`../lang/${lang}.json`, import.meta.url));
  if (!response.ok) throw new Error(`lang/${lang}.json: HTTP ${response.status}`);
  return response.json();
}

const [zhHant, zhHans, en] = await Promise.all(["zh-Hant", "zh-Hans", "en"].map(load));

export const LANGUAGES = { "zh-Hant": zhHant, "zh-Hans": zhHans, en };
export const LANGUAGE_NAMES = { "zh-Hant": "繁體中文", "zh-Hans": "简体中文", en: "English" };
const STORE_KEY = "younuo.lang";

let current = "en";
const listeners = new Set();

/** The best of our languages for a list of BCP 47 tags (browser order). */
export function pickLanguage(tags) {
  for (const raw of tags || []) {
    const tag = String(raw).toLowerCase();
    if (tag.startsWith("zh")) {
      if (/hant|-tw|-hk|-mo/.test(tag)) return "zh-Hant";
      return "zh-Hans";
    }
    if (tag.startsWith("en")) return "en";
  }
  return "en";
}

export function initLanguage() {
  let saved = null;
  try { saved = localStorage.getItem(STORE_KEY); } catch { /* private mode */ }
  current = saved in LANGUAGES ? saved : pickLanguage(navigator.languages || [navigator.language]);
  document.documentElement.lang = current;
}

export function language() { return current; }

export function setLanguage(lang) {
  if (!(lang in LANGUAGES)) return;
  current = lang;
  try { localStorage.setItem(STORE_KEY, lang); } catch { /* private mode */ }
  document.documentElement.lang = lang;
  for (const fn of listeners) fn(lang);
}

export function onLanguage(fn) { listeners.add(fn); return () => listeners.delete(fn); }

export function has(key) { return key in LANGUAGES[current] || key in en; }

/**
 * The text of `key` with its {named} parameters filled in. A translation is a whole
 * sentence, so each language puts the parameters where its grammar wants them. One
 * that varies with a number is an object of plural forms ({one, other, …}, the
 * categories of Intl.PluralRules) chosen by the parameter `by` names (default `n`).
 */
export function t(key, params = {}) {
  let text = LANGUAGES[current][key];
  if (text === undefined) text = en[key];
  if (text === undefined) return key;
  if (typeof text === "object") {
    const category = plurals(current).select(Number(params[text.by || "n"]));
    text = text[category] ?? text.other;
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

const pluralRules = new Map();
function plurals(lang) {
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  return pluralRules.get(lang);
}

/** The name of a level (R-LEVEL) in the chosen language; `level` as the server sends it. */
export function levelName(level) {
  if (level === null || level === undefined) return "";
  if (typeof level === "number") return t(`level.${level}`);
  const key = `level.${level.number}`;
  if (has(key)) return t(key);
  return current === "en" ? level.name : level.name_zh;
}

/** A moment (epoch seconds, or a date string) in the chosen language's date and time. */
export function dateTime(value) {
  if (!value) return "";
  const date = typeof value === "number" ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString(current);
}

/** A message's time (epoch seconds): the hour alone today, with the date before. */
export function shortTime(seconds) {
  const date = new Date(seconds * 1000);
  const today = date.toDateString() === new Date().toDateString();
  return today ? date.toLocaleTimeString(current, { timeStyle: "short" }) : date.toLocaleString(current, { dateStyle: "short", timeStyle: "short" });
}

/** Localised card name: "Red 5", "紅色 反轉"… */
export function cardName(code) {
  const wild = { W: "rank.W", "W+4": "rank.W+4", WB: "rank.WB" };
  if (wild[code]) return t(wild[code]);
  const colors = { R: "red", Y: "yellow", G: "green", B: "blue" };
  const rank = code.slice(1);
  const rankText = /^\d$/.test(rank) ? rank : t(`rank.${rank}`);
  return t("card.name", { color: t(`color.${colors[code[0]]}`), rank: rankText });
}

/** An error as a sentence: our translation of its code, else the server's message. */
export function errorText(error) {
  if (!error) return "";
  const key = `err.${error.code}`;
  if (has(key)) return t(key);
  return error.message || error.code;
}
