// The table screen: the Search card as large as the screen allows, the score, who is still to
// choose; it alone reveals, corrects, undoes and ends.
"use strict";

const key = new URLSearchParams(location.search).get("key") || "";
const app = document.getElementById("app");
let state = null;
let selected = null; // a player picked for a correction
let note = "";
let countdownTimer = null;

const link = connect(
  () => ({ t: "table", key }),
  (data) => {
    if (data.t === "note") {
      note = data.text;
      render();
    } else if (data.t === "state") {
      state = data;
      if (!state.countdown) note = note && state.phase === "play" ? note : "";
      render();
      if (state.countdown) countDown(state.countdown);
    }
  },
  () => {
    app.replaceChildren(el("p", { class: "status" }, state && state.closed ? say("closed") : say("table_lost")));
  },
  `/ws?key=${encodeURIComponent(key)}`, // the key in the address too: the table's place is kept before its hello
);

function countDown(total) {
  clearInterval(countdownTimer);
  const started = performance.now();
  const tick = () => {
    const left = Math.max(0, total - (performance.now() - started) / 1000);
    const numeral = document.getElementById("countdown");
    if (numeral) numeral.textContent = left > 0 ? String(Math.ceil((left / total) * 3)) : "";
    if (left <= 0) clearInterval(countdownTimer);
  };
  tick();
  countdownTimer = setInterval(tick, 50);
}

document.addEventListener("keydown", (event) => {
  if (event.key === " " && state && state.phase === "ready") {
    event.preventDefault();
    link.send({ t: "reveal" });
  }
});

function heading() {
  if (state.phase === "over") return say("game_over");
  const which = state.tiebreak
    ? say("tiebreak", { players: names(state.tiebreak) })
    : say("card_of", { number: state.number, total: state.total });
  return `${which}${state.card ? " · " + state.card.level : ""}`;
}

function cardArea() {
  if (state.phase === "over") {
    const end = state.end;
    return el("section", { class: "stage over" },
      el("h2", { class: "winner-line" }, end.headline),
      el("p", { class: "reason" }, end.reason),
      endTable(end));
  }
  if (state.phase === "countdown") {
    return el("section", { class: "stage" }, el("div", { id: "countdown", class: "countdown" }, "3"));
  }
  if (state.card) {
    return el("section", { class: "stage" },
      el("img", { id: "card", class: "search-card", src: `/card/${state.card.id}.svg`, alt: say("search_card", { card: state.card.id }) }));
  }
  const first = state.number === 1 && !state.tiebreak;
  return el("section", { class: "stage" },
    el("button", { class: "big", id: "reveal", onclick: () => link.send({ t: "reveal" }) },
      first ? say("reveal_first") : say("reveal_next")),
    el("p", { class: "hint" }, say("hands_off")));
}

function statusOf(player) {
  if (!player.active) return say("sits_out");
  if (player.hand === "pass") return say("passed");
  if (player.hand) return say("on", { position: player.hand });
  if (player.waiting) return say("to_choose");
  return "";
}

function scoreboard() {
  const rows = state.players.map((player) =>
    el("li", {
      class: `player${player.waiting ? " waiting" : ""}${selected === player.name ? " selected" : ""}`,
      "data-player": player.name,
    },
    el("span", { class: "name" }, player.name),
    el("span", { class: "score" }, player.score),
    el("span", { class: "state" }, statusOf(player)),
    state.mode === "phones" ? el("span", { class: "seat", title: say("phone_joined") }, player.seated ? "✓" : "·") : null,
    state.mode === "one-screen" && state.phase === "play" && player.active
      ? el("button", { class: "took", onclick: () => link.send({ t: "took", player: player.name }) }, say("took"))
      : null,
    state.mode === "phones" && state.phase === "play" && player.hand
      ? el("button", { class: "small", onclick: () => link.send({ t: "drop", player: player.name }) }, say("drop"))
      : null,
    state.mode === "phones" && state.phase === "play"
      ? el("button", { class: "small", onclick: () => { selected = selected === player.name ? null : player.name; render(); } },
        selected === player.name ? say("cancel") : say("correct"))
      : null,
    ));
  const waiting = state.players.filter((p) => p.waiting).map((p) => p.name);
  return el("section", { class: "board" },
    el("ol", { class: "players" }, rows),
    state.phase === "play" ? el("p", { class: "waiting-line" }, waiting.length ? say("waiting", { players: names(waiting) }) : "") : null,
    state.mode === "one-screen" && state.phase === "play"
      ? el("button", { class: "took nobody", onclick: () => link.send({ t: "took", player: null }) }, say("nobody"))
      : null,
    selected ? el("p", { class: "hint" }, say("tap_where", { player: selected }) + " ",
      el("button", { class: "small", onclick: () => { link.send({ t: "change", player: selected, at: "pass" }); selected = null; } }, say("pass_small"))) : null,
    state.mode === "phones" ? monumentGrid(state, (position) => {
      if (selected) link.send({ t: "change", player: selected, at: position });
      selected = null;
    }, () => selected !== null) : null,
    el("ul", { class: "said" }, state.said.map((line) => el("li", {}, line))),
    note ? el("p", { class: "note" }, note) : null,
    state.mode === "phones" && !lobbyShown() ? joinPanel() : null,
    el("div", { class: "controls" },
      el("button", { id: "undo", onclick: () => link.send({ t: "undo" }) }, say("undo")),
      el("button", { id: "end", onclick: () => { if (state.phase === "over" || confirm(say("end_sure"))) link.send({ t: "end" }); } },
        state.phase === "over" ? say("close") : say("end"))));
}

function lobbyShown() {
  return state.mode === "phones" && state.number === 1 && state.phase === "ready" && !state.tiebreak;
}

function joinPanel() {
  return el("aside", { class: `join${lobbyShown() ? " large" : ""}` },
    el("img", { src: `/qr.svg?key=${encodeURIComponent(key)}`, alt: say("qr") }),
    el("div", {},
      el("p", {}, say("join")),
      el("p", { class: "url" }, state.join.url),
      el("p", {}, say("code") + " ", el("strong", { class: "code" }, state.join.code))));
}

function render() {
  if (!state) return;
  show(
    el("header", {}, el("h1", {}, heading()), el("span", { class: "design" }, state.design)),
    el("div", { class: "layout" }, cardArea(), scoreboard()),
    lobbyShown() ? joinPanel() : null,
  );
}
