// The lobby: choose a variant, a preset, options and seats, then open a table.
"use strict";

const KINDS = ["human", "random", "greedy"];
let catalogue = [];

function $(id) { return document.getElementById(id); }

function chosen() {
  return catalogue.find((entry) => entry.name === $("variant").value);
}

function presetKey() {
  const entry = chosen();
  return entry.presets.length ? $("preset").value : "";
}

function seatRow(kind) {
  const item = document.createElement("li");
  const select = document.createElement("select");
  select.className = "seat-kind";
  for (const option of KINDS) {
    const element = new Option(option, option, false, option === kind);
    select.add(element);
  }
  item.append(select);
  return item;
}

function limits() {
  return chosen().players[presetKey()];
}

function fitSeats() {
  const [low, high] = limits();
  const list = $("seats");
  while (list.children.length < low) list.append(seatRow("greedy"));
  while (list.children.length > high) list.lastElementChild.remove();
  $("add-seat").disabled = list.children.length >= high;
  $("remove-seat").disabled = list.children.length <= low;
}

function showOptions() {
  const body = $("options").tBodies[0];
  body.replaceChildren();
  const defaults = chosen().defaults[presetKey()];
  for (const [name, value] of Object.entries(defaults)) {
    const row = body.insertRow();
    const label = row.insertCell();
    label.textContent = name;
    const input = document.createElement("input");
    input.name = name;
    input.className = "option";
    input.value = value === null ? "none" : String(value);
    input.dataset.default = input.value;
    row.insertCell().append(input);
  }
}

function showVariant() {
  const entry = chosen();
  const preset = $("preset");
  preset.replaceChildren(...entry.presets.map((name) => new Option(name, name)));
  $("preset-label").hidden = entry.presets.length === 0;
  fitSeats();
  showOptions();
}

async function start() {
  const response = await fetch("/api/variants");
  catalogue = await response.json();
  const select = $("variant");
  select.replaceChildren(...catalogue.map((entry) => new Option(entry.name, entry.name)));
  $("seats").append(seatRow("human"), seatRow("greedy"));
  showVariant();
  select.addEventListener("change", showVariant);
  $("preset").addEventListener("change", () => { fitSeats(); showOptions(); });
  $("add-seat").addEventListener("click", () => { $("seats").append(seatRow("greedy")); fitSeats(); });
  $("remove-seat").addEventListener("click", () => { $("seats").lastElementChild.remove(); fitSeats(); });
  $("lobby").addEventListener("submit", create);
  document.body.dataset.ready = "yes";
}

async function create(event) {
  event.preventDefault();
  $("error").textContent = "";
  const options = {};
  for (const input of document.querySelectorAll("input.option")) {
    if (input.value !== input.dataset.default) options[input.name] = input.value;
  }
  const number = (id) => ($(id).value === "" ? null : Number($(id).value));
  const spec = {
    variant: $("variant").value,
    preset: presetKey() || null,
    options,
    seats: [...document.querySelectorAll(".seat-kind")].map((select) => select.value),
    hands: number("hands"),
    seed: number("seed"),
  };
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(spec),
  });
  const answer = await response.json();
  if (!response.ok) {
    $("error").textContent = answer.error;
    return;
  }
  const list = $("link-list");
  list.replaceChildren();
  let first = true;
  for (const seat of answer.seats) {
    const item = document.createElement("li");
    if (seat.token === null) {
      item.textContent = `Seat ${seat.seat}: ${seat.kind} bot`;
    } else {
      let hash = `seat=${encodeURIComponent(seat.token)}`;
      if (first) hash += `&host=${encodeURIComponent(answer.host)}`;
      first = false;
      const link = document.createElement("a");
      link.className = "join";
      link.dataset.seat = seat.seat;
      link.href = `${location.origin}/table#${hash}`;
      link.textContent = `Seat ${seat.seat}: join`;
      link.target = "_blank";
      item.append(link);
    }
    list.append(item);
  }
  $("links").hidden = false;
}

start();
