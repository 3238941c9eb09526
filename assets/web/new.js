// The new-game page: who plays (people at this screen and bots), the rules, the language.
// Its words come from the catalog (words.js).
"use strict";
const $ = (id) => document.getElementById(id);
let lang = localStorage.getItem("yut.lang") || (navigator.language || "en").slice(0, 2);
if (!["en", "ko", "es"].includes(lang)) lang = "en";
const DEFAULT = ["person", "normal", "empty", "empty"];

// What a seat's choice says: a person, a bot of a level (named as the game names it), empty.
function kindWord(k) {
  if (k === "person") return t("web-person");
  if (k === "empty") return t("web-empty");
  return t("web-bot", { level: t("table-level-" + k) });
}

function seats() {
  const box = $("seats");
  box.querySelectorAll(".seat").forEach((e) => e.remove());
  const last = JSON.parse(localStorage.getItem("yut.last") || "null");
  for (let i = 0; i < 4; i++) {
    const row = document.createElement("div");
    row.className = "seat";
    const kind = document.createElement("select");
    kind.id = "kind" + i;
    kind.setAttribute("aria-label", t("web-seat", { n: i + 1 }));
    for (const k of ["person", "easy", "normal", "master", "empty"]) {
      if (i < 2 && k === "empty") continue;
      const o = document.createElement("option");
      o.value = k; o.textContent = kindWord(k);
      kind.append(o);
    }
    const name = document.createElement("input");
    name.id = "name" + i; name.maxLength = 32; name.placeholder = t("web-name");
    name.setAttribute("aria-label", t("web-name-of", { n: i + 1 }));
    const p = last && last.players[i];
    kind.value = p ? (p.name !== undefined ? "person" : p.bot) : DEFAULT[i];
    name.value = p && p.name !== undefined ? p.name : t("web-default-name", { n: i + 1 });
    const sync = () => { name.hidden = kind.value !== "person"; };
    kind.addEventListener("change", sync); sync();
    const label = document.createElement("span");
    label.textContent = t("web-seat", { n: i + 1 });
    row.append(label, kind, name);
    box.append(row);
  }
}

async function words() {
  await loadWords(lang);
  document.title = t("web-page-title");
  translate();
  seats();
  // The list shown so far, in the new language at once; then fetched again.
  if (shownGames) showGames(shownGames);
  await games();
}

// The running and finished games, as last fetched.
let shownGames = null;

async function games() {
  const r = await fetch("/api/games");
  if (!r.ok) return;
  showGames(await r.json());
}

function showGames(list) {
  shownGames = list;
  const ul = $("games");
  ul.replaceChildren();
  if (!list.length) { const li = document.createElement("li"); li.textContent = t("web-none"); ul.append(li); return; }
  for (const g of list) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = g.url; a.textContent = "#" + g.game + " · " + g.players.join(", ");
    li.append(a, " (" + (g.playing ? t("web-playing") : t("web-finished")) + ")");
    ul.append(li);
  }
}

$("lang").value = lang;
$("lang").addEventListener("change", () => { lang = $("lang").value; localStorage.setItem("yut.lang", lang); words(); });
$("new").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const players = [];
  for (let i = 0; i < 4; i++) {
    const k = $("kind" + i).value;
    if (k === "empty") continue;
    players.push(k === "person" ? { name: $("name" + i).value } : { bot: k });
  }
  const req = { players, teams: $("teams").checked, preset: $("preset").value, house: $("house").value,
    lang, turn_seconds: Number($("seconds").value) };
  $("start").disabled = true;
  $("error").textContent = "";
  try {
    const r = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(req) });
    const j = await r.json();
    if (!r.ok) { $("error").textContent = j.error; return; }
    localStorage.setItem("yut.last", JSON.stringify(req));
    location.href = j.url;
  } catch (e) {
    $("error").textContent = String(e);
  } finally {
    $("start").disabled = false;
  }
});
words();
