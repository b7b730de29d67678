// The table: one seat's connection, its view, and its choices.
"use strict";

const params = new URLSearchParams(location.hash.slice(1));
const token = params.get("seat");
const hostToken = params.get("host");
let socket = null;
let last = null;            // the last message from the server
let selected = new Set();   // indices (into the hand as held) of selected cards
let groups = [];            // the groups being arranged: lists of cards
let dismissed = 0;          // the last end-of-hand summary dismissed
let deadline = null;        // when the pending timer runs out (ms), if any
let refusedForever = false;

function $(id) { return document.getElementById(id); }

function notice(text, kind) {
  const element = $("notice");
  element.textContent = text;
  element.className = kind || "";
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", token }));
    $("status").textContent = "connected";
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    $("status").textContent = "disconnected";
    document.body.dataset.connected = "no";
    if (event.code === 4403 || refusedForever) return;
    $("status").textContent = "reconnecting\u2026";
    setTimeout(connect, 1000);
  });
}

function receive(message) {
  if (message.type === "refused") {
    notice(message.message, "refused");
    if (last === null) refusedForever = true;
    return;
  }
  if (message.type !== "table") return;
  if (last !== null && message.decision !== last.decision) notice("");
  last = message;
  document.body.dataset.connected = "yes";
  if (message.timer) {
    deadline = Date.now() + message.timer.left * 1000;
  } else {
    deadline = null;
  }
  keepValidSelection();
  render();
}

function send(action) {
  if (!last) return;
  socket.send(JSON.stringify({ type: "action", token, decision: last.decision, action }));
}

// -- what is on show -----------------------------------------------------------

function handCards() { return splitCards(last.view.hand); }

function keepValidSelection() {
  const cards = handCards();
  selected = new Set([...selected].filter((index) => index < cards.length));
  const grouped = groups.flat();
  if (withoutCards(cards, grouped) === null) groups = [];
  if (last.view.phase === "ended") { groups = []; selected.clear(); }
}

function seatName(seat) {
  const kind = last.seats[seat];
  if (seat === last.seat) return `Player ${seat} (you)`;
  return kind === "human" ? `Player ${seat}` : `Player ${seat} (${kind})`;
}

function render() {
  const view = last.view;
  $("title").textContent = view.variant.name + (view.variant.options.preset ? ` (${view.variant.options.preset})` : "");
  $("hand-number").textContent = `hand ${last.match.hand_number}`;
  document.body.dataset.phase = view.phase;
  document.body.dataset.decision = last.decision;
  document.body.dataset.turn = view.current_player === last.seat ? "yes" : "no";
  renderPlayers();
  renderMiddle();
  renderMelds();
  renderHand();
  renderActions();
  renderLog();
  renderSummary();
  tick();
}

function renderPlayers() {
  const view = last.view;
  const box = $("players");
  box.replaceChildren();
  for (let seat = 0; seat < view.players; seat += 1) {
    const element = document.createElement("div");
    element.className = "player";
    element.dataset.seat = seat;
    if (seat === view.current_player) element.classList.add("current");
    if (!view.active[seat]) element.classList.add("out");
    const dealer = seat === view.dealer ? " \u00b7 dealer" : "";
    const name = document.createElement("strong");
    name.textContent = seatName(seat) + dealer;
    const facts = document.createElement("span");
    facts.className = "facts";
    facts.innerHTML = "";
    facts.append(
      fact("cards", view.hand_sizes[seat]),
      fact("score", last.match.scores[seat]),
      fact("money", last.match.money[seat]),
    );
    if (view.lapses[seat]) facts.append(fact("lapses", view.lapses[seat]));
    if (last.match.eliminated[seat]) facts.append(fact("out of the match", ""));
    element.append(name, facts);
    box.append(element);
  }
}

function fact(name, value) {
  const element = document.createElement("span");
  element.className = `fact fact-${name.split(" ")[0]}`;
  element.textContent = value === "" ? name : `${name} ${value}`;
  return element;
}

function renderMiddle() {
  const view = last.view;
  $("stock").textContent = view.stock_size;
  const pile = splitCards(view.pile);
  const top = $("pile");
  top.replaceChildren();
  if (pile.length) top.append(cardElement(pile[pile.length - 1], view.wild_rank));
  else top.textContent = "empty";
  top.dataset.size = pile.length;
  const wildBox = $("wild-box");
  wildBox.hidden = view.wild_rank === null && view.indicator === null;
  const wild = $("wild");
  wild.replaceChildren();
  if (view.indicator) wild.append(cardElement(view.indicator, view.wild_rank));
  if (view.wild_rank) {
    const rank = document.createElement("span");
    rank.className = "wild-rank";
    rank.textContent = ` rank ${view.wild_rank === "T" ? "10" : view.wild_rank}`;
    wild.append(rank);
  }
}

function renderMelds() {
  const view = last.view;
  const box = $("melds");
  box.replaceChildren();
  view.table.forEach((meld, index) => {
    const element = document.createElement("div");
    element.className = "meld";
    element.dataset.index = index;
    element.title = `meld ${index} of player ${meld.owner}: click to lay off the selected cards`;
    const owner = document.createElement("span");
    owner.className = "owner";
    owner.textContent = `P${meld.owner}`;
    element.append(owner, ...splitCards(meld.cards).map((card) => cardElement(card, view.wild_rank)));
    element.addEventListener("click", () => layOff(index));
    box.append(element);
  });
}

function handOrder() {
  const cards = handCards();
  if ($("hint").checked && last.hint.melds.length) {
    const order = [];
    const free = cards.map((card, index) => ({ card, index }));
    const take = (card) => {
      const at = free.findIndex((item) => item.card === card);
      if (at >= 0) order.push(free.splice(at, 1)[0]);
    };
    last.hint.melds.forEach((meld, number) => {
      for (const card of splitCards(meld)) take(card);
      if (order.length) order[order.length - 1].gap = true;
    });
    for (const item of sortCards(free.map((item) => item.card), "suit")) {
      order.push(free[item.index]);
    }
    return order;
  }
  return sortCards(cards, $("sort").value);
}

function renderHand() {
  const view = last.view;
  const box = $("hand");
  box.replaceChildren();
  const cards = handCards();
  const grouped = [...groups.flat()];
  for (const item of handOrder()) {
    const at = grouped.indexOf(item.card);
    if (at >= 0) { grouped.splice(at, 1); continue; }
    const element = cardElement(item.card, view.wild_rank);
    element.dataset.index = item.index;
    element.setAttribute("role", "button");
    element.tabIndex = 0;
    if (selected.has(item.index)) element.classList.add("selected");
    if (item.gap) element.classList.add("gap");
    element.addEventListener("click", () => toggle(item.index));
    box.append(element);
  }
  box.dataset.size = cards.length;
  const arrangement = $("arrangement");
  arrangement.hidden = groups.length === 0;
  const list = $("groups");
  list.replaceChildren();
  groups.forEach((group, number) => {
    const element = document.createElement("div");
    element.className = "group";
    element.append(...group.map((card) => cardElement(card, view.wild_rank)));
    const undo = document.createElement("button");
    undo.type = "button";
    undo.textContent = "\u00d7";
    undo.title = "ungroup";
    undo.addEventListener("click", () => { groups.splice(number, 1); render(); });
    element.append(undo);
    list.append(element);
  });
}

function toggle(index) {
  if (selected.has(index)) selected.delete(index); else selected.add(index);
  render();
}

function selectedCards() {
  const cards = handCards();
  return [...selected].sort((a, b) => a - b).map((index) => cards[index]);
}

// -- choosing -------------------------------------------------------------------

function legal() { return last.view.legal_actions; }
function offered(type) { return legal().some((action) => action.type === type); }

function button(label, handler, id) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = label;
  if (id) element.id = id;
  element.addEventListener("click", handler);
  return element;
}

const COMBINATORIAL = ["LayMeld", "LayOff", "Declare", "Show"];

function renderActions() {
  const buttons = $("buttons");
  buttons.replaceChildren();
  legal().forEach((action, index) => {
    const element = button(last.labels[index], () => send(action));
    element.className = `action action-${action.type}`;
    element.dataset.index = index;
    buttons.append(element);
  });
  const combo = $("combo");
  combo.replaceChildren();
  const picked = selectedCards();
  if (offered("LayMeld") && picked.length) {
    combo.append(button(`meld ${picked.join(" ")}`, meldSelected, "meld-selected"));
  }
  if (offered("LayOff") && picked.length) {
    const hint = document.createElement("span");
    hint.textContent = "or click a meld on the table to lay off the selected cards";
    combo.append(hint);
  }
  const arranging = offered("Declare") || offered("Show") || offered("Arrange");
  if (arranging) {
    if (picked.length) combo.append(button("group the selected cards", groupSelected, "group-selected"));
    if (groups.length) combo.append(button("clear the groups", () => { groups = []; render(); }, "clear-groups"));
    if (offered("Declare") && picked.length === 1 && groups.length) {
      combo.append(button(`declare with finish card ${picked[0]}`, declareSelected, "declare-selected"));
    }
    if (offered("Show")) combo.append(button("show my groups", showGroups, "show-groups"));
    if (offered("Arrange") && groups.length) combo.append(button("keep this arrangement", arrangeGroups, "arrange-groups"));
  }
}

function groupSelected() {
  groups.push(selectedCards());
  selected.clear();
  render();
}

function meldSelected() {
  const picked = selectedCards();
  const found = legal().find((action) => action.type === "LayMeld" && sameCards(splitCards(action.cards), picked));
  send(found || { type: "LayMeld", cards: picked.join(" ") });
  selected.clear();
}

function layOff(target) {
  const picked = selectedCards();
  if (!picked.length || !offered("LayOff")) return;
  send({ type: "LayOff", cards: picked.join(" "), target });
  selected.clear();
}

function declareSelected() {
  const finish = selectedCards()[0];
  send({ type: "Declare", finish, groups: groups.map((group) => group.join(" ")) });
}

function showGroups() {
  const rest = withoutCards(handCards(), groups.flat()) || [];
  send({ type: "Show", groups: groups.map((group) => group.join(" ")), deadwood: rest.join(" ") });
}

function arrangeGroups() {
  send({ type: "Arrange", groups: groups.map((group) => group.join(" ")) });
}

// -- history, timers, the end of a hand ------------------------------------------

function describe(event) {
  const action = event.action;
  const card = event.card ? ` (${event.card})` : "";
  const groupsText = (list) => (list || []).map((group) => `[${group}]`).join(" ");
  switch (action.type) {
    case "DrawStock": return `draws from the stock${card}`;
    case "DrawDiscard": return `takes the discard${card}`;
    case "Discard": return `discards ${action.card}`;
    case "LayMeld": return `melds ${action.cards}`;
    case "LayOff": return `lays off ${action.cards} on meld ${action.target}`;
    case "Knock": return action.discard ? `knocks, discarding ${action.discard}` : "knocks";
    case "DeclareGin": return `goes gin, discarding ${action.discard}`;
    case "Declare": return `declares with ${action.finish}: ${groupsText(action.groups)}`;
    case "FaceDownDeclare": return `declares: ${groupsText(action.groups)}`;
    case "Show": return `shows ${groupsText(action.groups)}, deadwood ${action.deadwood || "none"}`;
    case "Timeout": return "runs out of time";
    default: return action.type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase() + card;
  }
}

function renderLog() {
  const box = $("log");
  box.replaceChildren();
  for (const event of last.view.history.slice(-8).reverse()) {
    const line = document.createElement("div");
    line.textContent = `${seatName(event.player)}: ${describe(event)}`;
    box.append(line);
  }
}

function tick() {
  const element = $("timer");
  if (!last || deadline === null || !last.timer) {
    element.textContent = "";
    return;
  }
  const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const whose = last.timer.player === last.seat ? "you" : `player ${last.timer.player}`;
  element.textContent = `${left}s left (${whose})`;
  element.dataset.left = left;
}

function money(value) {
  return typeof value === "number" ? value.toFixed(2) : String(value);
}

function payee(seat) { return seat === -1 ? "the pool" : `player ${seat}`; }

function renderSummary() {
  const summary = last.summary;
  const box = $("summary");
  if (!summary || summary.hand <= dismissed) { box.hidden = true; return; }
  const view = summary.view;
  const outcome = view.outcome;
  box.hidden = false;
  box.dataset.hand = summary.hand;
  $("summary-title").textContent = last.match.over
    ? `Hand ${summary.hand}: the match is over, won by ${last.match.winners.map((seat) => `player ${seat}`).join(" and ")}`
    : `Hand ${summary.hand} is over`;
  $("summary-note").textContent = outcome.note;
  const body = $("summary-table").tBodies[0];
  body.replaceChildren();
  for (let seat = 0; seat < view.players; seat += 1) {
    const row = body.insertRow();
    row.dataset.seat = seat;
    row.insertCell().textContent = seatName(seat) + (outcome.winners.includes(seat) ? " \u2605" : "");
    const hand = row.insertCell();
    const shown = view.shown[seat];
    if (shown) hand.append(...splitCards(shown).map((card) => cardElement(card, view.wild_rank)));
    const points = row.insertCell();
    points.className = "summary-points";
    points.textContent = outcome.points[seat];
  }
  const payments = $("payments");
  payments.replaceChildren();
  for (const payment of outcome.payments) {
    const item = document.createElement("li");
    const rake = Number(payment.rake) ? `, rake ${money(payment.rake)}` : "";
    item.textContent = `${payee(payment.payer)} pays ${payee(payment.payee)} ${money(payment.money)} for ${payment.points} points${rake}${payment.reason ? ` (${payment.reason})` : ""}`;
    payments.append(item);
  }
  if (!outcome.payments.length) payments.append(Object.assign(document.createElement("li"), { textContent: "none" }));
  const ledger = $("ledger").tBodies[0];
  ledger.replaceChildren();
  for (let seat = 0; seat < view.players; seat += 1) {
    const row = ledger.insertRow();
    row.insertCell().textContent = seatName(seat);
    row.insertCell().textContent = `score ${last.match.scores[seat]}`;
    const total = row.insertCell();
    total.className = "ledger-money";
    total.textContent = money(last.match.money[seat]);
  }
}

async function save() {
  const response = await fetch("/api/save", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: hostToken || token }),
  });
  if (!response.ok) {
    notice((await response.json()).error, "refused");
    return;
  }
  const text = await response.text();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = `match-${last ? last.table : "rummykit"}.json`;
  link.click();
}

$("sort").addEventListener("change", () => last && render());
$("hint").addEventListener("change", () => last && render());
$("continue").addEventListener("click", () => {
  if (last && last.summary) dismissed = last.summary.hand;
  $("summary").hidden = true;
});
$("save").addEventListener("click", save);
setInterval(tick, 250);
if (token) connect(); else notice("This link has no seat token: open a join link from the lobby.", "refused");
