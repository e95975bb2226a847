// Cards as the server writes them ("Qh", "10♥") and as the page draws them (the SVG faces under /static/cards).
import { el } from "./dom.js";

const SUITS = { c: "C", d: "D", h: "H", s: "S", "♣": "C", "♦": "D", "♥": "H", "♠": "S" };
export const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANK_WORD = { T: "10" };
export const TRUMP_WORD = { clubs: "♣ clubs", diamonds: "♦ diamonds", hearts: "♥ hearts", spades: "♠ spades" };

/** The face's file stem ("TH") of a card in any notation the server writes ("Th", "10♥", "th"); null if none. */
export function cardCode(text) {
  let t = String(text ?? "").trim().replace(/^play\s+/i, "").replace(/\s+civil$/i, "");
  if (t.length < 2) return null;
  let suit = SUITS[t.slice(-1).toLowerCase()] ?? SUITS[t.slice(-1)];
  let rank = t.slice(0, -1);
  if (!suit) {
    suit = SUITS[t[0].toLowerCase()] ?? SUITS[t[0]];
    rank = t.slice(1);
  }
  rank = rank.toUpperCase();
  rank = { 10: "T", 1: "A", B: "J", V: "J" }[rank] ?? rank;
  return suit && /^[2-9TJQKA]$/.test(rank) ? rank + suit : null;
}

export const cardLabel = (code) => (RANK_WORD[code[0]] ?? code[0]) + SYMBOL[code[1]];
export const cardImg = (code, cls) =>
  el("img", { src: code ? `/static/cards/${code}.svg` : "/static/cards/back.svg", alt: code ? cardLabel(code) : "a card", class: cls });
