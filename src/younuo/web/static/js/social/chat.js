// The chat drawer of a room and its table (docs/social.md): <yn-chat-button>, a button
// with the count of unread messages that the table's top row and the room's title row
// hold in their own flow (a floating button covered "Round N" and the room's title);
// <yn-chat>, the drawer it opens: an opaque panel under the header (never over the hand
// at the bottom of the table, even at 360 px), closed by any navigation (opened in a
// room it stayed over Friends and Profile), with the room's messages, the quick phrases
// (shown in each reader's language, so they work across languages and carry nothing a
// free text could), a free text field when the server and the room allow it, and a
// report button by each other player's message.

import { html, onAction, patch, raw } from "../dom.js";
import { errorText, onLanguage, shortTime, t } from "../i18n.js";
import { api } from "../net.js";
import { ICON_CHAT } from "../parts/elements.js";
import { toast } from "../parts/notice.js";
import { store } from "../store.js";
import { fileReport, reportMenu } from "./report.js";

export const PHRASES = ["hello", "good_luck", "good_game", "nice_one", "hurry_up", "oops", "thanks", "rematch"];

/** One message: who said it, a phrase in the reader's language or the text, and a ⚑ to
 * report anyone else's; `when` adds the time (a conversation spans days, a room not). */
export function chatLine(m, { when = false } = {}) {
  const mine = m.sender === store.account?.id;
  const words = m.phrase ? t(`phrase.${m.phrase}`) : m.text;
  return html`<li class="chat-line ${mine ? "mine" : ""}" data-message="${m.id}" data-key="line-${m.id}"><strong>${m.sender_name}</strong>
    ${when ? html`<time class="muted small" datetime="${new Date(m.at * 1000).toISOString()}">${shortTime(m.at)}</time>` : ""}
    ${m.channel === "table_spectators" ? html`<span class="tag small">${t("social.spectators")}</span>` : ""} <span class="words">${words}</span>
    ${mine ? "" : html`<button class="link small" data-action="report-open" data-message="${m.id}" data-key="report-${m.id}" aria-label="${t("social.report_sender", { name: m.sender_name })}">⚑</button>`}</li>`;
}

/** The quick phrases, each a button (action phrase) labelled in the reader's language. */
export function phraseButtons() {
  return html`<div class="phrases row wrap">${PHRASES.map((p) => html`<button class="small" data-action="phrase" data-phrase="${p}" data-key="phrase-${p}">${t(`phrase.${p}`)}</button>`)}</div>`;
}

/** The free text field and its Send button; `id` tells two open ones apart. */
export function chatForm(id) {
  return html`<form class="row chat-form"><label for="${id}" class="sr-only">${t("social.say")}</label>
    <input id="${id}" name="text" maxlength="200" autocomplete="off" placeholder="${t("social.say")}" data-key="${id}" data-keep="${id}">
    <button type="submit" data-key="${id}-send">${t("social.send")}</button></form>`;
}

/** The drawer's state, shared by the button and the panel: open, and how many of the
 * room's messages were on screen while it was. */
const drawer = { open: false, read: 0, listeners: new Set() };

function roomMessages() { return store.chat.filter((m) => m.room && m.room === store.room?.id); }

function changed() { drawer.listeners.forEach((listener) => listener()); }

/** Open or close the drawer (the button's tap; a navigation closes it). */
export function setChatOpen(open) {
  if (drawer.open === open) return;
  drawer.open = open;
  if (open) drawer.read = roomMessages().length;
  changed();
}

// Any navigation (another screen's address, the lobby) closes the drawer: it belongs to
// the room and must not stay over Friends' or Profile's buttons.
window.addEventListener("hashchange", () => setChatOpen(false));

/** The button that opens the drawer, placed by the screens in their own rows. */
class ChatButton extends HTMLElement {
  connectedCallback() {
    this.offStore = store.on(["chat", "room"], () => this.paint());
    this.off = onLanguage(() => this.paint());
    const listener = () => this.paint();
    drawer.listeners.add(listener);
    this.offDrawer = () => drawer.listeners.delete(listener);
    onAction(this, () => setChatOpen(!drawer.open));
    this.paint();
    // The drawer hangs under this button: tell it where the button now is.
    requestAnimationFrame(() => window.dispatchEvent(new Event("yn-chat-place")));
  }

  disconnectedCallback() { this.offStore(); this.off(); this.offDrawer(); }

  paint() {
    if (!store.room) { patch(this, html``); return; }
    const all = roomMessages();
    if (drawer.open) drawer.read = all.length;
    const unread = Math.max(0, all.length - drawer.read);
    patch(this, html`<button class="icon-btn chat-toggle ${unread ? "unread" : ""}" data-action="chat-toggle" data-key="chat-toggle" aria-expanded="${drawer.open}"
        title="${t("social.chat")}" aria-label="${t("social.chat")}${unread ? ` (${unread})` : ""}">${raw(ICON_CHAT)}${unread ? html`<span class="count" aria-hidden="true">${unread}</span>` : ""}</button>`);
  }
}

customElements.define("yn-chat-button", ChatButton);

/** The drawer itself, one for the whole page (under the header). */
class Chat extends HTMLElement {
  connectedCallback() {
    this.reporting = null; // the message whose sender is being reported
    this.freeText = false; // the account's own switch, read on opening (guests: off)
    this.offStore = store.on(["chat", "room", "account"], () => this.paint());
    this.off = onLanguage(() => this.paint());
    const listener = () => this.opened();
    drawer.listeners.add(listener);
    this.offDrawer = () => drawer.listeners.delete(listener);
    this.placeNow = () => this.place();
    window.addEventListener("yn-chat-place", this.placeNow);
    window.addEventListener("resize", this.placeNow);
    onAction(this, (action, el) => this.act(action, el));
    this.addEventListener("submit", (e) => { e.preventDefault(); this.send({ text: e.target.elements.namedItem("text").value.trim() }, e.target); });
    this.paint();
  }

  disconnectedCallback() {
    this.offStore(); this.off(); this.offDrawer();
    window.removeEventListener("yn-chat-place", this.placeNow);
    window.removeEventListener("resize", this.placeNow);
  }

  get messages() { return roomMessages(); }

  /** Opened: the room's earlier messages and the account's free-text switch. */
  async opened() {
    this.paint();
    if (!drawer.open || !store.room) return;
    try { store.addChat(await api("GET", `/api/rooms/${encodeURIComponent(store.room.id)}/chat`)); } catch { /* the pushed ones still show */ }
    try { this.freeText = (await api("GET", "/api/me/social")).free_text; } catch { /* phrases only */ }
    this.paint();
  }

  async act(action, el) {
    if (action === "phrase") {
      await this.send({ phrase: el.dataset.phrase });
    } else if (action === "report-open") {
      this.reporting = this.messages.find((m) => String(m.id) === el.dataset.message) || null;
    } else if (action === "report-send" && this.reporting) {
      await fileReport(this.reporting.sender, el.dataset.reason, store.room?.id || null);
      this.reporting = null;
    } else if (action === "chat-close") {
      setChatOpen(false);
      return;
    } else if (action === "report-close") {
      this.reporting = null;
    }
    this.paint();
  }

  async send(body, form) {
    if (!store.room || (!body.phrase && !body.text)) return;
    try {
      await store.request({ type: "chat", room: store.room.id, ...body });
      if (form) form.reset();
    } catch (error) { toast(errorText(error), "warn"); }
  }

  paint() {
    if (!store.room) drawer.open = false; // left the room: the drawer closes with it
    if (!drawer.open) { patch(this, html``); return; }
    const all = this.messages;
    drawer.read = all.length;
    patch(this, html`<section class="chat-panel" aria-label="${t("social.chat")}">
        <div class="row spread"><strong>${t("social.chat")}</strong><button class="icon-btn" data-action="chat-close" data-key="chat-close" aria-label="${t("common.close")}">×</button></div>
        <ol class="chat-lines" aria-live="polite">${all.length ? all.map((m) => chatLine(m)) : html`<li class="muted small">${t("social.no_chat")}</li>`}</ol>
        ${this.reporting ? reportMenu(this.reporting.sender_name) : ""}
        ${phraseButtons()}
        ${this.freeText && store.room.settings?.free_text !== false ? chatForm("chat-text") : html`<p class="muted small" data-key="chat-phrases-only">${t("err.free_text_off")}</p>`}
      </section>`);
    this.place();
  }

  /** Hang the open panel just under its button (the top row's height varies with the
   * status's lines, and the button moves from the room to the table), so that it never
   * hides the button that closes it. */
  place() {
    const button = document.querySelector("yn-chat-button .chat-toggle");
    const panel = this.querySelector(".chat-panel");
    if (button && panel) {
      const at = button.getBoundingClientRect();
      const left = Math.max(4, Math.min(at.right - panel.offsetWidth, window.innerWidth - panel.offsetWidth - 4));
      Object.assign(panel.style, { top: `${Math.round(at.bottom + 4)}px`, left: `${Math.round(left)}px` });
    }
  }
}

customElements.define("yn-chat", Chat);
