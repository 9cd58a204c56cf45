// A conversation with one friend, <yn-conversation account name free-text> (the view
// #/friends/chat/ID of the friends screen; docs/social.md, Direct messages). The log is
// read once on opening (GET /api/me/friends/{id}/chat) and merged with what the server
// pushes to both sides (`chat` with `to`, kept in store.chat), so a message shows at once
// without reloading. The pieces are the room chat's: the same lines (with the time, as a
// conversation spans days), the quick phrases in the reader's language, the free text
// field only when the account's own switch allows it (guests start with phrases only,
// as the server enforces), and a ⚑ on the friend's messages: reported with no room, the
// server attaches their direct messages to us. A refusal stays under the send box, in
// the reader's language, until the next message goes.

import { html, onAction, patch } from "../dom.js";
import { errorText, onLanguage, t } from "../i18n.js";
import { api } from "../net.js";
import { store } from "../store.js";
import { chatForm, chatLine, phraseButtons } from "./chat.js";
import { fileReport, reportMenu } from "./report.js";

class Conversation extends HTMLElement {
  // The friends screen sets the name and the free text switch once it has read them.
  static observedAttributes = ["name", "free-text"];

  connectedCallback() {
    this.friend = this.getAttribute("account");
    this.failure = null; // the log could not be read (no longer friends, a block)
    this.refusal = null; // the last message the server refused
    this.reporting = false; // the menu of reasons for reporting the friend is open
    this.shown = 0; // messages drawn, to scroll to a new one
    this.offStore = store.on(["chat", "account"], () => this.paint());
    this.off = onLanguage(() => this.paint());
    onAction(this, (action, el) => this.act(action, el));
    this.addEventListener("submit", (e) => {
      e.preventDefault();
      e.stopPropagation(); // the friends screen around us has a form of its own
      this.send({ text: e.target.elements.namedItem("text").value.trim() }, e.target);
    });
    this.paint();
    this.load();
  }

  disconnectedCallback() { this.offStore(); this.off(); }

  attributeChangedCallback() { if (this.isConnected && this.friend) this.paint(); }

  async load() {
    try {
      store.addChat(await api("GET", `/api/me/friends/${encodeURIComponent(this.friend)}/chat`));
    } catch (error) { this.failure = error; }
    this.paint();
  }

  /** Our direct messages with this friend, both ways, oldest first. */
  get messages() {
    const me = store.account?.id;
    return store.chat.filter((m) => m.to && ((m.sender === me && m.to === this.friend) || (m.sender === this.friend && m.to === me)));
  }

  async act(action, el) {
    if (action === "friends") { location.hash = "#/friends"; return; }
    if (action === "phrase") { await this.send({ phrase: el.dataset.phrase }); return; }
    if (action === "report-open") this.reporting = true;
    else if (action === "report-send") {
      await fileReport(this.friend, el.dataset.reason, null);
      this.reporting = false;
    } else if (action === "report-close") this.reporting = false;
    else return;
    this.paint();
  }

  async send(body, form) {
    if (!body.phrase && !body.text) return;
    try {
      await store.request({ type: "chat", to: this.friend, ...body });
      this.refusal = null;
      if (form) form.reset();
    } catch (error) { this.refusal = error; }
    this.paint();
  }

  paint() {
    const name = this.getAttribute("name") || "…";
    const all = this.messages;
    patch(this, html`<section class="panel" aria-label="${t("social.dm.with", { name })}">
      <div class="row spread"><h1>${t("social.dm.with", { name })}</h1><button data-action="friends" data-key="conv-back">${t("common.back")}</button></div>
      ${this.failure ? html`<p class="error" role="alert">${errorText(this.failure)}</p>` : html`
        <ol class="chat-lines" aria-live="polite">${all.length ? all.map((m) => chatLine(m, { when: true })) : html`<li class="muted small" data-key="none">${t("social.no_chat")}</li>`}</ol>
        ${this.reporting ? reportMenu(name) : ""}
        ${phraseButtons()}
        ${this.getAttribute("free-text") === "true" ? chatForm("dm-text") : html`<p class="muted small">${t("social.dm.phrases_only")}</p>`}
        <p class="error" role="alert" data-key="dm-refusal">${this.refusal ? errorText(this.refusal) : ""}</p>`}
    </section>`);
    const list = this.querySelector(".chat-lines");
    if (list && all.length !== this.shown) list.scrollTop = list.scrollHeight;
    this.shown = all.length;
  }
}

customElements.define("yn-conversation", Conversation);
