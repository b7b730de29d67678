// Cards in rummykit's notation ("Th", "As", "Jk"): parsing, sorting, drawing.
"use strict";

const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
const SUIT_ORDER = "shdc";
const RANKS = "A23456789TJQK";

function splitCards(text) {
  return text ? text.split(" ").filter((card) => card !== "") : [];
}

function rankOf(card) { return card === "Jk" ? null : card[0]; }
function suitOf(card) { return card === "Jk" ? null : card[1]; }

function rankIndex(card) {
  const rank = rankOf(card);
  return rank === null ? 99 : RANKS.indexOf(rank);
}

function suitIndex(card) {
  const suit = suitOf(card);
  return suit === null ? 9 : SUIT_ORDER.indexOf(suit);
}

function sortCards(cards, how) {
  const order = cards.map((card, index) => ({ card, index }));
  if (how === "suit") {
    order.sort((a, b) => suitIndex(a.card) - suitIndex(b.card) || rankIndex(a.card) - rankIndex(b.card));
  } else if (how === "rank") {
    order.sort((a, b) => rankIndex(a.card) - rankIndex(b.card) || suitIndex(a.card) - suitIndex(b.card));
  }
  return order;
}

function cardElement(card, wildRank) {
  const element = document.createElement("span");
  element.className = "card";
  element.dataset.card = card;
  if (card === "Jk") {
    element.textContent = "\u2605";
    element.classList.add("joker");
    element.title = "joker";
  } else {
    const rank = card[0] === "T" ? "10" : card[0];
    element.textContent = rank + SUITS[card[1]];
    if (card[1] === "h" || card[1] === "d") element.classList.add("red");
    if (wildRank && (card[0] === wildRank || (wildRank === "10" && card[0] === "T"))) {
      element.classList.add("wild");
      element.title = "wild";
    }
  }
  return element;
}

// Whether two lists hold the same cards, counting repeats.
function sameCards(first, second) {
  if (first.length !== second.length) return false;
  const a = [...first].sort();
  const b = [...second].sort();
  return a.every((card, index) => card === b[index]);
}

// The cards of `all` left once `taken` are removed, counting repeats.
function withoutCards(all, taken) {
  const left = [...all];
  for (const card of taken) {
    const index = left.indexOf(card);
    if (index < 0) return null;
    left.splice(index, 1);
  }
  return left;
}
