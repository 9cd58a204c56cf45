// Boot and the app shell <yn-app>: the header (language, sound, colour-blind mode,
// profile), the connection banner, and whichever screen fits the moment:
// sign in → lobby → preparation (room) → table; #/profile, #/replay/ID and, for
// moderators and admins, #/admin on demand.

import "./parts/elements.js";
import "./screens/signin.js";
import "./screens/lobby.js";
import "./screens/room.js";
import "./screens/table.js";
import "./screens/profile.js";
import "./screens/replay.js";
import "./screens/admin.js";
import "./screens/events.js";
import "./screens/friends.js";
import "./social/chat.js";
import { html, onAction, raw, patch } from "./dom.js";
import { LANGUAGE_NAMES, initLanguage, language, onLanguage, setLanguage, t } from "./i18n.js";
import { toast } from "./parts/notice.js";
import { setShowPlayable, showPlayable } from "./prefs.js";
import { isMuted, play, recent as sounds, setMuted } from "./sound.js";
import { store } from "./store.js";

const CB_KEY = "younuo.colorblind";
const SPEAKER = `<path d="M3 9v6h4l5 5V4L7 9H3z"/>`;
const ICON_SOUND = `<svg viewBox="0 0 24 24" aria-hidden="true">${SPEAKER}<path d="M16.5 12a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z"/></svg>`;
// A card; on, with a tick on it: playable cards stand out in the hand.
const ICON_PLAYABLE = (on) => `<svg viewBox="0 0 24 24" aria-hidden="true"><rect x="5" y="2.5" width="14" height="19" rx="2.5" fill="none" stroke="currentColor" stroke-width="2"/>${on
  ? `<path d="M8.5 12.5l2.5 2.5 4.5-5" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>`
  : `<path d="M4 20L20 4" stroke="currentColor" stroke-width="2"/>`}</svg>`;
const ICON_MUTED = `<svg viewBox="0 0 24 24" aria-hidden="true">${SPEAKER}<path d="M16 9l6 6m0-6l-6 6" stroke="currentColor" stroke-width="2" fill="none"/></svg>`;

function colorBlind() {
  try { return localStorage.getItem(CB_KEY) === "1"; } catch { return false; }
}

function applyColorBlind(on) {
  document.body.classList.toggle("cb", on);
  try { localStorage.setItem(CB_KEY, on ? "1" : "0"); } catch { /* private mode */ }
}

/** The screen for the current state and address. */
export function currentScreen() {
  if (!store.booted) return "loading";
  if (!store.account) return "signin";
  const hash = location.hash;
  if (hash.startsWith("#/replay/")) return "replay";
  if (hash.startsWith("#/profile")) return "profile";
  if (hash.startsWith("#/admin")) return "admin";
  if (hash.startsWith("#/events") && !store.match) return "events";
  if (hash.startsWith("#/friends") && !store.match) return "friends";
  if (store.match) return "table";
  if (store.room) return "room";
  if (store.roomId && !store.room) return "loading";
  return "lobby";
}

class App extends HTMLElement {
  connectedCallback() {
    this.screen = null;
    this.innerHTML = `<header class="bar"></header><div class="banner" role="status"></div><main id="screen" tabindex="-1"></main><yn-chat></yn-chat>`;
    this.bar = this.querySelector(".bar");
    this.banner = this.querySelector(".banner");
    this.main = this.querySelector("main");
    onAction(this.bar, (action, el) => this.barAction(action, el));
    this.bar.addEventListener("change", (event) => {
      if (event.target.name === "lang") setLanguage(event.target.value);
    });
    onAction(this.banner, (action) => { if (action === "reconnect") store.connection?.reconnectNow(); });
    store.on(["status", "account", "error", "room", "welcome", "state", "match_over"], (change) => this.changed(change));
    // A friend request, invitation or decision, told once wherever the player is.
    store.on(["social_notice"], ({ notice }) => toast(t(`social.toast.${notice.kind}`, { name: notice.payload?.name || "" })));
    window.addEventListener("hashchange", () => this.update());
    onLanguage(() => { this.paintBar(); this.paintBanner(); });
    this.update();
  }

  barAction(action) {
    if (action === "sound") { setMuted(!isMuted()); play("turn"); this.paintBar(); }
    else if (action === "playable") { setShowPlayable(!showPlayable()); this.paintBar(); }
    else if (action === "colorblind") { applyColorBlind(!document.body.classList.contains("cb")); this.paintBar(); }
    else if (action === "home") { location.hash = ""; }
  }

  changed({ kind, error }) {
    if (kind === "status" || (kind === "error" && error.code === "replaced")) this.paintBanner();
    if (kind === "account") this.paintBar();
    this.update();
  }

  update() {
    const next = currentScreen();
    if (next !== this.screen) {
      this.screen = next;
      this.main.replaceChildren(next === "loading" ? loadingNode() : document.createElement(`yn-${next}`));
      this.main.dataset.screen = next;
      document.body.dataset.screen = next;
      this.paintBar();
    }
  }

  paintBar() {
    const cb = document.body.classList.contains("cb");
    const muted = isMuted();
    const playable = showPlayable();
    const account = store.account;
    patch(this.bar, html`
      <button class="brand" data-action="home" data-key="home" aria-label="${t("nav.lobby")}">
        <span class="logo" aria-hidden="true">優</span><span class="brand-name">${t("app.title")}</span>
      </button>
      <nav class="tools" aria-label="${t("nav.settings")}">
        ${account ? html`<a class="me-link" href="#/profile" data-key="profile" aria-label="${t("nav.profile")}: ${account.name}">
          <yn-avatar outfit="${account.avatar?.outfit}" expression="${account.avatar?.expression}"></yn-avatar><span class="me-name">${account.name}</span></a>` : ""}
        <label class="lang"><span class="sr-only">${t("lang.label")}</span>
          <select name="lang" data-key="lang">${Object.entries(LANGUAGE_NAMES).map(([code, name]) =>
            html`<option value="${code}" ${code === language() ? "selected" : ""}>${name}</option>`)}</select></label>
        <button class="icon-btn" data-action="sound" data-key="sound" aria-pressed="${!muted}" title="${muted ? t("sound.unmute") : t("sound.mute")}" aria-label="${t("sound.label")}">${raw(muted ? ICON_MUTED : ICON_SOUND)}</button>
        <button class="icon-btn" data-action="playable" data-key="playable" aria-pressed="${playable}" title="${t("playable.label")}" aria-label="${t("playable.label")}">${raw(ICON_PLAYABLE(playable))}</button>
        <button class="icon-btn" data-action="colorblind" data-key="cb" aria-pressed="${cb}" title="${t("cb.label")}" aria-label="${t("cb.label")}">${cb ? "◆▲" : "◇△"}</button>
      </nav>`);
  }

  paintBanner() {
    const s = store.status || {};
    let markup = "";
    if (store.account && s.state === "closed" && s.retryIn !== undefined) {
      markup = html`<p class="warn">${t("conn.lost", { s: Math.ceil(s.retryIn) })} <button data-action="reconnect" data-key="reconnect">${t("conn.reconnect")}</button></p>`;
    } else if (store.account && s.state === "connecting" && store.welcomed) {
      markup = html`<p class="warn">${t("conn.connecting")}</p>`;
    } else if (s.state === "replaced") {
      markup = html`<p class="warn">${t("conn.replaced")} <button data-action="reconnect" data-key="reconnect">${t("conn.reconnect")}</button></p>`;
    }
    patch(this.banner, markup);
  }
}

function loadingNode() {
  const p = document.createElement("p");
  p.className = "loading";
  p.textContent = t("common.loading");
  return p;
}

customElements.define("yn-app", App);

async function boot() {
  initLanguage();
  applyColorBlind(colorBlind());
  document.title = `${t("app.title")} · Younuo`;
  onLanguage(() => { document.title = `${t("app.title")} · Younuo`; });
  // Something the server told us that no screen shows by itself (a kick).
  store.on(["notice"], ({ key, params, tone }) => toast(t(key, params), tone));
  // Errors of requests nobody awaited (stale versions are re-synced quietly).
  store.on(["error"], ({ error }) => {
    if (error.code !== "stale_version" && error.ref === null) toast(error.message, "warn");
  });
  await store.boot();
}

boot();
window.younuo = { store, sounds };
