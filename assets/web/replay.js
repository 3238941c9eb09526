// A finished game, step by step: its boards (drawn by the server, as in Discord), the
// sides' chances to win, jumps to captures and the turning point, the chart, the record.
"use strict";
const WORDS = {
  en: { speed: "Speed", capture: "Next capture", turning: "Turning point", record: "Download the record",
    step: "Step", of: "of", chance: "chance to win", start: "Start", commitment: "Commitment (SHA-256 of the seed, shown when the game began)", seed: "Seed" },
  ko: { speed: "속도", capture: "다음 잡기", turning: "승부처", record: "기록 내려받기",
    step: "수", of: "/", chance: "승리 확률", start: "시작", commitment: "약속값 (게임 시작 때 보인 시드의 SHA-256)", seed: "시드" },
  es: { speed: "Velocidad", capture: "Siguiente captura", turning: "Momento decisivo", record: "Descargar el registro",
    step: "Paso", of: "de", chance: "probabilidad de ganar", start: "Inicio", commitment: "Compromiso (SHA-256 de la semilla, mostrado al empezar)", seed: "Semilla" },
};
const $ = (id) => document.getElementById(id);
const main = $("replay");
const API = main.dataset.api;
const lang = WORDS[document.documentElement.lang] ? document.documentElement.lang : "en";
const t = (k) => WORDS[lang][k];
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
  $("where").textContent = `${t("step")} ${at} ${t("of")} ${data.steps.length - 1}` + (at === data.turning_point ? ` · ${t("turning")}` : "");
  $("what").textContent = at === 0 ? t("start") : s.text;
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
    row.title = t("chance");
    row.append(name, bar);
    bars.append(row);
  });
}

function play() {
  if (timer) { clearInterval(timer); timer = null; $("play").textContent = "▶"; return; }
  if (at >= data.steps.length - 1) show(0);
  $("play").textContent = "❚❚";
  timer = setInterval(() => {
    if (at >= data.steps.length - 1) { play(); return; }
    show(at + 1);
  }, 800 / Number($("speed").value));
}

async function load() {
  document.querySelectorAll("[data-t]").forEach((e) => { e.textContent = t(e.dataset.t); });
  const r = await fetch(API);
  const j = await r.json();
  if (!r.ok) { $("error").textContent = j.error; return; }
  data = j;
  $("title").textContent = "#" + j.game;
  $("scrub").max = j.steps.length - 1;
  $("summary").textContent = j.summary;
  $("chart").src = `${API}/chart`;
  $("chart").alt = j.summary;
  $("record").href = `${API}/record`;
  $("verified").textContent = "🔒 " + j.verified;
  if (j.commitment) $("seed").textContent = `${t("commitment")}: ${j.commitment}` + (j.seed ? ` · ${t("seed")}: ${j.seed}` : "");
  main.dataset.steps = j.steps.length;
  show(0);
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
