// Cards (R-CARD) as the protocol writes them, and the client's own check of which
// cards may be played now. The server judges every action; this check only lights
// up the hint and the buttons. When the server sends the seat's legal actions
// (message field "legal"), those are used instead of the check below.

export const COLORS = ["red", "yellow", "green", "blue"];
const COLOR_OF_CODE = { R: "red", Y: "yellow", G: "green", B: "blue" };
export const NUMBERS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
const WILD_RANKS = ["W", "W+4", "WB"];

/** {code, color (null for wilds), rank} from a code such as "R5", "Y+2", "W+4". */
export function parseCard(code) {
  if (WILD_RANKS.includes(code)) return { code, color: null, rank: code };
  const color = COLOR_OF_CODE[code[0]];
  return { code, color, rank: code.slice(1) };
}

export function isNumber(rank) { return NUMBERS.includes(rank); }

/** R-CARD-4 points. */
export function cardPoints(code) {
  const { rank } = parseCard(code);
  if (isNumber(rank)) return Number(rank);
  if (WILD_RANKS.includes(rank)) return 50;
  return 20;
}

export function handPoints(codes) { return codes.reduce((sum, c) => sum + cardPoints(c), 0); }

const RANK_ORDER = [...NUMBERS, "S", "R", "+2", "A", "W", "W+4", "WB"];

/** Hand order for display: by color, then rank; wilds last. */
export function sortHand(codes) {
  const key = (code) => {
    const card = parseCard(code);
    const c = card.color ? COLORS.indexOf(card.color) : 4;
    return c * 100 + RANK_ORDER.indexOf(card.rank);
  };
  return [...codes].sort((a, b) => key(a) - key(b));
}

// --- R-TURN-1, R-STACK, R-HOUSE-LAST, R-HOUSE-JUMP, as in younuo.engine.legality ---

export function matches(card, top, color) {
  if (card.color === null || card.color === color) return true;
  return top !== null && top.color !== null && card.rank === top.rank;
}

export function canAnswerPenalty(rules, card, kind, color) {
  const rank = card.rank;
  if (rank === "WB") return true;
  if (rank !== "+2" && rank !== "W+4") return false;
  const mode = rules.stacking;
  if (mode === "none") return false;
  if (mode === "same") return rank === kind;
  if (mode === "progressive") return kind === "+2" || rank === "W+4";
  return rank === "W+4" || kind === "+2" || card.color === color;
}

export function lastCardOk(rules, leaving) {
  const mode = rules.last_card;
  if (!mode || mode === "any") return true;
  return leaving.every((card) =>
    isNumber(card.rank) || (mode === "no_action_wild" && (card.rank === "+2" || card.rank === "W+4")));
}

/**
 * Whether `cards` (codes; several for multi-play) may be played now by the viewer.
 * Mirrors the engine's plan_play for the viewer's own seat, from the PlayerView.
 */
export function canPlay(view, codes) {
  if (!view || view.status !== "playing" || !view.player || !codes.length) return false;
  const seat = view.players.indexOf(view.player);
  if (!view.in_round[seat]) return false;
  const rules = view.rules;
  const cards = codes.map(parseCard);
  const first = cards[0];
  if (cards.length > 1) {
    if (!rules.multi_play || rules.multi_play === "off") return false;
    if (rules.multi_play === "identical" && cards.some((c) => c.code !== first.code)) return false;
    if (cards.some((c) => c.rank !== first.rank)) return false;
  }
  const hand = [...view.hand];
  for (const code of codes) {
    const i = hand.indexOf(code);
    if (i < 0) return false;
    hand.splice(i, 1);
  }
  const top = view.top ? parseCard(view.top) : null;
  if (view.current !== view.player) {
    const mode = rules.jump_in;
    if (!mode || mode === "off" || !top || view.top_owner === view.player) return false;
    if (!cards.every((c) => c.code === top.code)) return false;
    if (mode === "numbers" && !isNumber(top.rank)) return false;
  } else if (view.phase === "choose_color") {
    return false;
  } else if (view.phase === "drawn") {
    if (cards.length > 1 || first.code !== view.drawn) return false;
  } else if (view.pending_draw) {
    if (!canAnswerPenalty(rules, first, view.pending_kind, view.color)) return false;
  } else if (!matches(first, top, view.color)) {
    return false;
  }
  let leaving = cards;
  if (first.rank === "A") {
    const colors = new Set(cards.map((c) => c.color));
    leaving = [...cards, ...hand.filter((c) => colors.has(parseCard(c).color)).map(parseCard)];
  }
  if (leaving.length === view.hand.length && !lastCardOk(rules, leaving)) return false;
  return true;
}

/** The codes of the viewer's hand that could start a legal play now. */
export function playableCodes(view, legal) {
  if (legal) {
    const out = new Set();
    for (const action of legal) {
      if (action.type !== "play") continue;
      for (const code of action.cards || [action.card]) out.add(code);
    }
    return out;
  }
  const out = new Set();
  if (!view || !view.hand) return out;
  for (const code of new Set(view.hand)) if (canPlay(view, [code])) out.add(code);
  return out;
}

/** Whether a play of these cards leaves the hand empty (then a 7 names no target). */
export function goesOut(view, codes) {
  let left = view.hand.length - codes.length;
  const first = parseCard(codes[0]);
  if (first.rank === "A") {
    const colors = new Set(codes.map((c) => parseCard(c).color));
    const rest = [...view.hand];
    for (const c of codes) rest.splice(rest.indexOf(c), 1);
    left -= rest.filter((c) => colors.has(parseCard(c).color)).length;
  }
  return left === 0;
}
