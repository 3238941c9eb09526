// A finished game, step by step: its boards (drawn by the server, as in Discord), the
// sides' chances to win, jumps to captures and the turning point, the chart, the record.
// Its words come from the catalog (words.js), in the game's language.
"use strict";
const $ = (id) => document.getElementById(id);
const main = $("replay");
const API = main.dataset.api;
const COLORS = ["#d55e00", "#0072b2", "#009e73", "#cc79a7"];
let data = null;
let at = 0;
let timer = null;

function show(i) {
  if (!data) return;
  at = Math.max(0, Math.min(data.steps.length - 1, i));
  const s = data.steps[at];
  main.dataset.step = at;
  $("board").src = `${API}/steps/${at}`;
  if (at + 1 < data.steps.length) new Image().src = `${API}/steps/${at + 1}`;
  $("scrub").value = at;
  $("where").textContent = t("web-step", { at, last: data.steps.length - 1 }) + (at === data.turning_point ? ` · ${t("web-turning")}` : "");
  $("what").textContent = at === 0 ? t("web-step-start") : s.text;
  $("board").alt = s.text;
  const bars = $("chances");
  bars.replaceChildren();
  s.chances.forEach((p, side) => {
    const row = document.createElement("div");
    row.className = "chance";
    const name = document.createElement("span");
    name.textContent = `${data.sides[side] || "?"} · ${p}%`;
    const bar = document.createElement("i");
    bar.style.width = p + "%";
    bar.style.background = COLORS[side % COLORS.length];
    row.title = t("web-chance");
    row.append(name, bar);
    bars.append(row);
  });
}

// The play button says what it does next: play, or pause.
function playing(on) {
  $("play").textContent = on ? "❚❚" : "▶";
  $("play").dataset.tLabel = $("play").dataset.tTitle = on ? "web-pause" : "web-play";
  translate($("play").parentElement);
}

function play() {
  if (timer) { clearInterval(timer); timer = null; playing(false); return; }
  if (at >= data.steps.length - 1) show(0);
  playing(true);
  timer = setInterval(() => {
    if (at >= data.steps.length - 1) { play(); return; }
    show(at + 1);
  }, 800 / Number($("speed").value));
}

async function load() {
  await loadWords(document.documentElement.lang);
  translate();
  document.title = t("web-page-title");
  const r = await fetch(API);
  const j = await r.json();
  if (!r.ok) { $("error").textContent = j.error; return; }
  data = j;
  $("title").textContent = t("web-replay-title", { game: j.game });
  document.title = t("web-replay-title", { game: j.game });
  $("scrub").max = j.steps.length - 1;
  $("summary").textContent = j.summary;
  $("chart").src = `${API}/chart`;
  $("chart").alt = j.summary;
  $("record").href = `${API}/record`;
  $("verified").textContent = j.verified;
  if (j.commitment) $("seed").textContent = t("web-commitment", { hex: j.commitment }) + (j.seed ? " · " + t("web-seed", { hex: j.seed }) : "");
  main.dataset.steps = j.steps.length;
  show(0);
  checkSeed(j);
  decisions();
}

// The seed against its commitment, in this browser (where it offers SHA-256: a secure
// page, or this computer).
async function checkSeed(j) {
  if (!j.seed || !j.commitment || !(window.crypto && crypto.subtle)) return;
  const bytes = new Uint8Array(j.seed.match(/../g).map((h) => parseInt(h, 16)));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  const ok = hex === j.commitment.toLowerCase();
  $("checked").textContent = (ok ? "✔ " : "✘ ") + t(ok ? "web-seed-matches" : "web-seed-differs");
  main.dataset.seedChecked = ok ? "1" : "0";
}

// Each person's costliest decisions, each a link to its moment.
async function decisions() {
  const list = $("decisions");
  const r = await fetch(`${API}/decisions`);
  if (!r.ok) { list.replaceChildren(); return; }
  const ds = await r.json();
  list.replaceChildren();
  if (!ds.length) { const li = document.createElement("li"); li.textContent = t("web-no-decisions"); list.append(li); }
  for (const d of ds) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#"; a.textContent = `${d.name}: ${d.text}`;
    a.addEventListener("click", (e) => { e.preventDefault(); show(d.step); });
    li.append(a);
    list.append(li);
  }
  main.dataset.decisions = ds.length;
}

$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(at - 1));
$("next").addEventListener("click", () => show(at + 1));
$("last").addEventListener("click", () => show(data.steps.length - 1));
$("play").addEventListener("click", play);
$("speed").addEventListener("change", () => { if (timer) { play(); play(); } });
$("scrub").addEventListener("input", () => show(Number($("scrub").value)));
$("capture").addEventListener("click", () => {
  const n = data.steps.findIndex((s, i) => i > at && s.capture);
  const wrap = data.steps.findIndex((s) => s.capture);
  if (n >= 0) show(n); else if (wrap >= 0) show(wrap);
});
$("turning").addEventListener("click", () => { if (data.turning_point != null) show(data.turning_point); });
// The chart's x axis is the game's steps: a click jumps there (the plot spans most of it).
$("chart").addEventListener("click", (e) => {
  const r = e.target.getBoundingClientRect();
  const x = (e.clientX - r.left) / r.width;
  show(Math.round(((x - 0.08) / 0.88) * (data.steps.length - 1)));
});
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowLeft") show(at - 1);
  if (e.key === "ArrowRight") show(at + 1);
  if (e.key === " ") { e.preventDefault(); play(); }
});
load();
