// Sign in: a nickname for a guest (one field, one button), or an account's name and
// password (sign in, or create the account).

import { html, patch } from "../dom.js";
import { errorText, onLanguage, t } from "../i18n.js";
import { api } from "../net.js";
import { store } from "../store.js";

class SignIn extends HTMLElement {
  connectedCallback() {
    this.error = "";
    this.busy = false;
    this.paint();
    this.off = onLanguage(() => this.paint());
    this.addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target;
      if (form.getAttribute("name") === "guest") this.guest(form);
      else this.account(form, event.submitter?.value === "register" ? "register" : "login");
    });
    const input = this.querySelector("#guest-name");
    if (input) input.focus();
  }

  disconnectedCallback() { if (this.off) this.off(); }

  async guest(form) {
    const name = form.elements.namedItem("name").value.trim();
    if (!name) { this.error = t("signin.need_name"); this.paint(); return; }
    await this.call(() => api("POST", "/api/auth/guest", { name }, null));
  }

  async account(form, how) {
    const name = form.elements.namedItem("name").value.trim();
    const password = form.elements.namedItem("password").value;
    await this.call(() => api("POST", `/api/auth/${how}`, { name, password }, null));
  }

  async call(fn) {
    this.busy = true;
    this.error = "";
    this.paint();
    try {
      const session = await fn();
      await store.begin(session);
    } catch (error) {
      this.busy = false;
      this.error = errorText(error);
      this.paint();
    }
  }

  paint() {
    patch(this, html`
      <section class="signin panel">
        <h1 class="title"><span class="logo big" aria-hidden="true">優</span> ${t("app.title")}</h1>
        <p class="lead">${t("signin.lead")}</p>
        <form name="guest" class="stack">
          <label for="guest-name">${t("signin.nickname")}</label>
          <div class="row">
            <input id="guest-name" name="name" maxlength="20" autocomplete="nickname" required data-key="guest-name" data-keep="guest-name" placeholder="${t("signin.nickname_hint")}">
            <button class="primary" type="submit" data-key="guest-go" ${this.busy ? "disabled" : ""}>${t("signin.play")}</button>
          </div>
        </form>
        <details class="account-box" data-keep="account-box">
          <summary data-key="account-summary">${t("signin.account")}</summary>
          <form name="account" class="stack">
            <label for="acc-name">${t("signin.name")}</label>
            <input id="acc-name" name="name" maxlength="20" autocomplete="username" required data-key="acc-name" data-keep="acc-name">
            <label for="acc-pass">${t("signin.password")}</label>
            <input id="acc-pass" name="password" type="password" minlength="8" maxlength="256" autocomplete="current-password" required data-key="acc-pass" data-keep="acc-pass">
            <div class="row">
              <button type="submit" value="login" class="primary" data-key="login" ${this.busy ? "disabled" : ""}>${t("signin.login")}</button>
              <button type="submit" value="register" data-key="register" ${this.busy ? "disabled" : ""}>${t("signin.register")}</button>
            </div>
          </form>
        </details>
        <p class="error" role="alert">${this.error}</p>
        <p class="small muted">${t("signin.hint")}</p>
      </section>`);
  }
}

customElements.define("yn-signin", SignIn);
