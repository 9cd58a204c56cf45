// Cards as the protocol writes them (R-CARD): their colour and rank, their points, and
// the order of a hand on screen. Nothing here says what may be played: that is the
// server's `legal` list (js/table/legal.js).

const COLORS = ["red", "yellow", "green", "blue"];
const COLOR_OF_CODE = { R: "red", Y: "yellow", G: "green", B: "blue" };
const NUMBERS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
const WILD_RANKS = ["W", "W+4", "WB"];
const RANK_ORDER = [...NUMBERS, "S", "R", "+2", "A", "W", "W+4", "WB"];

/** {code, color (null for wilds), rank} from a code such as "R5", "Y+2", "W+4". */
export function parseCard(code) {
  if (WILD_RANKS.includes(code)) return { code, color: null, rank: code };
  return { code, color: COLOR_OF_CODE[code[0]], rank: code.slice(1) };
}

/** A card's points in a hand at the end of a round (R-CARD-4): face value, 20, or 50. */
export function cardPoints(code) {
  const { rank } = parseCard(code);
  if (NUMBERS.includes(rank)) return Number(rank);
  return WILD_RANKS.includes(rank) ? 50 : 20;
}

export function handPoints(codes) { return codes.reduce((sum, c) => sum + cardPoints(c), 0); }

/** Hand order for display: by colour, then rank; wilds last. */
export function sortHand(codes) {
  const key = (code) => {
    const card = parseCard(code);
    const c = card.color ? COLORS.indexOf(card.color) : 4;
    return c * 100 + RANK_ORDER.indexOf(card.rank);
  };
  return [...codes].sort((a, b) => key(a) - key(b));
}
