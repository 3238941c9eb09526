// The new-game page: who plays (people at this screen and bots), the rules, the language.
"use strict";
const WORDS = {
  en: { language: "Language", "new-game": "New game", players: "Players", teams: "2v2 teams (seats 1 and 3 against 2 and 4)",
    preset: "Rules", house: "House rules (optional)", seconds: "Seconds per action", start: "Start",
    games: "Games on this computer", none: "None yet.", seat: "Seat", person: "Person", empty: "Empty",
    easy: "Bot: Easy", normal: "Bot: Normal", master: "Bot: Master", name: "Name", playing: "playing", over: "over" },
  ko: { language: "언어", "new-game": "새 게임", players: "참가자", teams: "2대2 팀전 (1·3번 대 2·4번)",
    preset: "규칙", house: "집 규칙 (선택)", seconds: "행동당 초", start: "시작",
    games: "이 컴퓨터의 게임", none: "아직 없어요.", seat: "자리", person: "사람", empty: "비움",
    easy: "봇: 쉬움", normal: "봇: 보통", master: "봇: 고수", name: "이름", playing: "진행 중", over: "끝남" },
  es: { language: "Idioma", "new-game": "Nueva partida", players: "Jugadores", teams: "Equipos 2 contra 2 (asientos 1 y 3 contra 2 y 4)",
    preset: "Reglas", house: "Reglas de la casa (opcional)", seconds: "Segundos por acción", start: "Empezar",
    games: "Partidas en este ordenador", none: "Ninguna todavía.", seat: "Asiento", person: "Persona", empty: "Vacío",
    easy: "Bot: Fácil", normal: "Bot: Normal", master: "Bot: Maestro", name: "Nombre", playing: "en juego", over: "terminada" },
};
const $ = (id) => document.getElementById(id);
let lang = localStorage.getItem("yut.lang") || (navigator.language || "en").slice(0, 2);
if (!WORDS[lang]) lang = "en";
const t = (k) => WORDS[lang][k] || WORDS.en[k] || k;
const DEFAULT = ["person", "normal", "empty", "empty"];

function seats() {
  const box = $("seats");
  box.querySelectorAll(".seat").forEach((e) => e.remove());
  const last = JSON.parse(localStorage.getItem("yut.last") || "null");
  for (let i = 0; i < 4; i++) {
    const row = document.createElement("div");
    row.className = "seat";
    const kind = document.createElement("select");
    kind.id = "kind" + i;
    kind.setAttribute("aria-label", t("seat") + " " + (i + 1));
    for (const k of ["person", "easy", "normal", "master", "empty"]) {
      if (i < 2 && k === "empty") continue;
      const o = document.createElement("option");
      o.value = k; o.textContent = t(k);
      kind.append(o);
    }
    const name = document.createElement("input");
    name.id = "name" + i; name.maxLength = 32; name.placeholder = t("name");
    name.setAttribute("aria-label", t("name") + " " + (i + 1));
    const p = last && last.players[i];
    kind.value = p ? (p.name !== undefined ? "person" : p.bot) : DEFAULT[i];
    name.value = p && p.name !== undefined ? p.name : (lang === "ko" ? "참가자 " : lang === "es" ? "Jugador " : "Player ") + (i + 1);
    const sync = () => { name.hidden = kind.value !== "person"; };
    kind.addEventListener("change", sync); sync();
    const label = document.createElement("span");
    label.textContent = t("seat") + " " + (i + 1);
    row.append(label, kind, name);
    box.append(row);
  }
}

function words() {
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-t]").forEach((e) => { e.textContent = t(e.dataset.t); });
  seats();
}

async function games() {
  const r = await fetch("/api/games");
  if (!r.ok) return;
  const list = await r.json();
  const ul = $("games");
  ul.replaceChildren();
  if (!list.length) { const li = document.createElement("li"); li.textContent = t("none"); ul.append(li); return; }
  for (const g of list) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = g.url; a.textContent = "#" + g.game + " · " + g.players.join(", ");
    li.append(a, " (" + (g.playing ? t("playing") : t("over")) + ")");
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
games();
