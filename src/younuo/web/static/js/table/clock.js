// The table's clocks: the warning in the last seconds of your own turn (the table turns
// amber and pulses, a chip says how long is left, a tick sounds each second, the live
// region says it once), the match clock and the countdown to the next round. The seats'
// own countdowns are <yn-countdown> elements that tick themselves.

import { t } from "../i18n.js";
import { announce } from "../parts/notice.js";
import { play as sound } from "../sound.js";
import { store } from "../store.js";
import { nextRoundText } from "./dialogs.js";

// The last seconds of your own turn: the clock turns to a warning colour, pulses and ticks.
const WARN_SECONDS = 5;

export class TurnClock {
  /** `table`: the <yn-table>, read for its match, its player and its elements. */
  constructor(table) {
    this.table = table;
    this.warnedAt = null;
  }

  /** Whole seconds left of our own turn, or null when it is not ours or untimed. */
  myTurnLeft() {
    const { match, me, myTurn } = this.table;
    const clock = match?.clock;
    if (!myTurn || !clock || clock.turn_player !== me || !clock.turn_deadline) return null;
    return Math.max(0, Math.ceil(clock.turn_deadline - store.serverNow()));
  }

  /** Whether our own turn is in its last seconds. */
  warning() {
    const left = this.myTurnLeft();
    return left !== null && left > 0 && left <= WARN_SECONDS;
  }

  /** Show every clock as it is now: cheap, run four times a second. */
  tick() {
    const table = this.table;
    const clock = table.match?.clock;
    if (!clock) return;
    this.warn();
    const now = store.serverNow();
    const mc = table.querySelector(".match-clock");
    if (mc && clock.match_deadline) {
      const left = Math.max(0, Math.round(clock.match_deadline - now));
      mc.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    }
    const nr = table.querySelector(".next-round");
    if (nr) nr.textContent = nextRoundText(clock, now);
  }

  /** In the last seconds of our own turn: the warning class, one announcement, a tick a second. */
  warn() {
    const left = this.myTurnLeft();
    const warn = this.warning();
    this.table.querySelector(".table-screen")?.classList.toggle("clock-warn", warn);
    const chip = this.table.querySelector(".clock-chip");
    if (chip) chip.textContent = warn ? t("table.time_left", { s: left }) : "";
    if (!warn) { this.warnedAt = null; return; }
    if (this.warnedAt === left) return;
    if (this.warnedAt === null) announce(t("table.time_low", { s: left }));
    this.warnedAt = left;
    sound("tick");
  }
}
