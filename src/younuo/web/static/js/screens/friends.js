// Friends (#/friends; docs/social.md): your friends with where they are (join their room
// or watch their table), requests to you (accept, decline) and yours, a friend request by
// name, the accounts you block, your notices (friend requests, invitations to a room,
// moderators' decisions; an invitation joins the room), and your social settings. Each
// friend has a Message button with the count of their unread direct messages; it opens
// the conversation with them (#/friends/chat/ID, <yn-conversation>) in this screen's place.

import { html, onAction, patch } from "../dom.js";
import { dateTime, errorText, onLanguage, t } from "../i18n.js";
import { api } from "../net.js";
import { announce, toast } from "../parts/notice.js";
import "../social/conversation.js";
import { store } from "../store.js";

const SETTINGS = { invites: ["friends", "nobody"], requests: ["everyone", "nobody"], messages: ["friends", "nobody"] };
const CONVERSATION = /^#\/friends\/chat\/([^/]+)$/;

/** The friend whose conversation the address opens, or null. */
function talkingTo() {
  const found = CONVERSATION.exec(location.hash);
  return found ? decodeURIComponent(found[1]) : null;
}

class Friends extends HTMLElement {
  connectedCallback() {
    this.friends = null;
    this.blocks = [];
    this.notices = [];
    this.settings = null;
    this.off = onLanguage(() => this.paint());
    this.offStore = store.on(["social_notice"], () => this.load());
    this.offChat = store.on(["chat"], () => this.paint()); // the unread counts
    this.onHash = () => this.route();
    window.addEventListener("hashchange", this.onHash);
    this.route();
    onAction(this, (action, el) => this.act(action, el));
    this.addEventListener("submit", (e) => { e.preventDefault(); this.submit(e.target); });
    this.addEventListener("change", (e) => { if (e.target.dataset.setting) this.setting(e.target); });
    this.load();
  }

  disconnectedCallback() {
    this.off(); this.offStore(); this.offChat();
    window.removeEventListener("hashchange", this.onHash);
    if (store.reading) store.readDirect(null);
  }

  /** Show the list or a conversation, as the address says; its messages are then seen. */
  route() {
    const friend = talkingTo();
    if (friend !== store.reading) store.readDirect(friend);
    this.paint();
  }

  async load() {
    const [friends, blocks, notices, settings] = await Promise.all([
      api("GET", "/api/me/friends").catch(() => []),
      api("GET", "/api/me/blocks").catch(() => []),
      api("GET", "/api/me/notices").catch(() => []),
      api("GET", "/api/me/social").catch(() => null),
    ]);
    Object.assign(this, { friends, blocks, notices, settings });
    this.paint();
  }

  async act(action, el) {
    const id = el.dataset.account;
    const path = id ? encodeURIComponent(id) : "";
    try {
      if (action === "back") { location.hash = ""; return; }
      if (action === "message") { location.hash = `#/friends/chat/${path}`; return; }
      if (action === "accept" || action === "decline") await api("POST", `/api/me/friends/${path}`, { action });
      else if (action === "unfriend") await api("DELETE", `/api/me/friends/${path}`);
      else if (action === "block") await api("POST", "/api/me/blocks", { account: id });
      else if (action === "unblock") await api("DELETE", `/api/me/blocks/${path}`);
      else if (action === "invite") await api("POST", "/api/me/invitations", { account: id, room: store.room?.id || null });
      else if (action === "join") {
        const message = { type: "join_room", room: el.dataset.room };
        if (el.dataset.code) message.code = el.dataset.code; // an invitation to a private room
        await store.request(message);
        location.hash = "";
        return;
      }
      else if (action === "watch") { await store.request({ type: "join_room", room: el.dataset.room, spectate: true }); location.hash = ""; return; }
      else if (action === "read") await api("POST", `/api/me/notices/${encodeURIComponent(el.dataset.notice)}/read`);
      else return;
      announce(t("social.done"));
    } catch (error) { toast(errorText(error), "warn"); }
    this.load();
  }

  async submit(form) {
    const name = form.elements.namedItem("name").value.trim();
    this.refused = null;
    try {
      await api("POST", "/api/me/friends", { name });
      announce(t("social.requested", { name }));
      form.reset();
    } catch (error) {
      // Kept beside the form (not only a passing toast) and said in the reader's
      // language when the language changes; a 404 says why and how to find a guest.
      this.refused = { name, error };
    }
    this.load();
  }

  /** Why the last friend request by name was refused, in the reader's words. */
  refusal() {
    const { name, error } = this.refused;
    if (error.status === 404) return t("social.no_such_name", { name });
    return errorText(error);
  }

  async setting(select) {
    const value = select.type === "checkbox" ? select.checked : select.value;
    try { this.settings = await api("PATCH", "/api/me/social", { [select.dataset.setting]: value }); } catch (error) { toast(errorText(error), "warn"); }
    this.paint();
  }

  friendRow(f) {
    const p = f.presence;
    return html`<li class="friend" data-account="${f.account}"><a href="#/profile/${f.account}">${f.name}</a>
      ${f.status === "friends" ? html`<span class="presence ${p.state}">${t(`presence.${p.state}`)}</span>
        ${this.messageButton(f)}
        ${p.joinable ? html`<button class="small" data-action="join" data-room="${p.room}" data-key="join-${f.account}">${t("lobby.join")}</button>` : ""}
        ${p.watchable ? html`<button class="small" data-action="watch" data-room="${p.room}" data-key="watch-${f.account}">${t("lobby.watch")}</button>` : ""}
        ${store.room && p.state !== "offline" ? html`<button class="small" data-action="invite" data-account="${f.account}" data-key="invite-${f.account}">${t("social.invite")}</button>` : ""}
        <button class="small" data-action="unfriend" data-account="${f.account}" data-key="unfriend-${f.account}">${t("social.unfriend")}</button>`
      : f.status === "incoming" ? html`<button class="small primary" data-action="accept" data-account="${f.account}" data-key="accept-${f.account}">${t("social.accept")}</button>
        <button class="small" data-action="decline" data-account="${f.account}" data-key="decline-${f.account}">${t("social.decline")}</button>`
      : html`<span class="muted small">${t("social.pending")}</span>
        <button class="small" data-action="decline" data-account="${f.account}" data-key="withdraw-${f.account}">${t("social.withdraw")}</button>`}
      <button class="small danger" data-action="block" data-account="${f.account}" data-key="block-${f.account}">${t("social.block")}</button></li>`;
  }

  messageButton(f) {
    const unread = store.unread[f.account] || 0;
    const label = unread ? t("social.dm.open_unread", { name: f.name, n: unread }) : t("social.dm.open_with", { name: f.name });
    return html`<button class="small ${unread ? "unread" : ""}" data-action="message" data-account="${f.account}" data-key="dm-${f.account}" aria-label="${label}">${t("social.dm.open")}${unread ? html`<span class="count">${unread}</span>` : ""}</button>`;
  }

  noticeRow(n) {
    const p = n.payload || {};
    const words = n.kind === "moderation"
      ? t(`notice.moderation.${p.action}`, { note: p.note || "", name: p.name || "", until: p.until ? dateTime(p.until) : "" })
      : t(`notice.${n.kind}`, { name: p.name || "", room: p.room_name || "" });
    return html`<li class="notice-item ${n.read_at ? "read" : "unread"}" data-notice="${n.id}"><span>${words}</span>
      <span class="muted small">${dateTime(n.created_at)}</span>
      ${n.kind === "invitation" && p.room ? html`<button class="small primary" data-action="join" data-room="${p.room}" data-code="${p.code || ""}" data-key="notice-join-${n.id}">${t("lobby.join")}</button>` : ""}
      ${n.read_at ? "" : html`<button class="small" data-action="read" data-notice="${n.id}" data-key="read-${n.id}">${t("social.mark_read")}</button>`}</li>`;
  }

  conversation(friend) {
    const name = this.friends?.find((f) => f.account === friend)?.name || "";
    const free = this.settings ? String(this.settings.free_text) : "false";
    return html`<yn-conversation account="${friend}" name="${name}" free-text="${free}" data-key="conv-${friend}"></yn-conversation>`;
  }

  paint() {
    const friend = talkingTo();
    if (friend) { patch(this, this.conversation(friend)); return; }
    const s = this.settings;
    patch(this, html`<div class="stack friends-screen">
      <section class="panel"><div class="row spread"><h1>${t("social.friends")}</h1><button data-action="back" data-key="back">${t("common.back")}</button></div>
        <form class="row wrap" name="request"><label for="fr-name">${t("social.add_friend")}</label>
          <input id="fr-name" name="name" maxlength="40" required data-key="fr-name" data-keep="fr-name">
          <button type="submit" class="primary" data-key="fr-go">${t("social.ask")}</button></form>
        ${this.refused ? html`<p class="error" role="alert" data-key="fr-refused">${this.refusal()}</p>` : ""}
        ${this.friends === null ? html`<p class="muted">${t("common.loading")}</p>` : this.friends.length
          ? html`<ul class="friend-list">${this.friends.map((f) => this.friendRow(f))}</ul>` : html`<p class="muted">${t("social.no_friends")}</p>`}
      </section>
      <section class="panel"><h2>${t("social.notices")}</h2>
        ${this.notices.length ? html`<ul class="notice-list">${this.notices.map((n) => this.noticeRow(n))}</ul>` : html`<p class="muted">${t("social.no_notices")}</p>`}
      </section>
      <section class="panel"><h2>${t("social.blocked")}</h2>
        ${this.blocks.length ? html`<ul class="block-list">${this.blocks.map((b) => html`<li>${b.name}
          <button class="small" data-action="unblock" data-account="${b.account}" data-key="unblock-${b.account}">${t("social.unblock")}</button></li>`)}</ul>` : html`<p class="muted">${t("social.no_blocks")}</p>`}
      </section>
      ${s ? html`<section class="panel"><h2>${t("social.settings")}</h2>
        <label><input type="checkbox" data-setting="free_text" data-key="set-free" ${s.free_text ? "checked" : ""}> ${t("social.setting.free_text")}</label>
        ${Object.entries(SETTINGS).map(([name, values]) => html`<div class="row wrap"><label for="set-${name}">${t(`social.setting.${name}`)}</label>
          <select id="set-${name}" data-setting="${name}" data-key="set-${name}">${values.map((v) => html`<option value="${v}" ${s[name] === v ? "selected" : ""}>${t(`social.setting.${name}.${v}`)}</option>`)}</select></div>`)}
        ${s.muted_until ? html`<p class="warn">${t("social.muted_until", { when: dateTime(s.muted_until) })}</p>` : ""}
      </section>` : ""}
    </div>`);
  }
}

customElements.define("yn-friends", Friends);
