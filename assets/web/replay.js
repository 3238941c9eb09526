// A finished game, step by step: its boards (drawn by the server, as in Discord), the
// sides' chances to win, jumps to captures and the turning point, the chart, the record.
"use strict";
const WORDS = {
  en: { decisions: "Costliest decisions", none: "None: every choice was as good as Master's.", matches: "This page checked it too: the seed's SHA-256 is the commitment shown when the game began.", differs: "This page found that the seed's SHA-256 is NOT the commitment.", speed: "Speed", capture: "Next capture", turning: "Turning point", record: "Download the record",
    step: "Step", of: "of", chance: "chance to win", start: "Start", commitment: "Commitment (SHA-256 of the seed, shown when the game began)", seed: "Seed" },
  ko: { decisions: "가장 아까운 선택", none: "없음: 모든 선택이 고수만큼 좋았어요.", matches: "이 페이지도 확인했어요: 시드의 SHA-256이 게임 시작 때 보인 약속값과 같아요.", differs: "이 페이지 확인 결과: 시드의 SHA-256이 약속값과 달라요.", speed: "속도", capture: "다음 잡기", turning: "승부처", record: "기록 내려받기",
    step: "수", of: "/", chance: "승리 확률", start: "시작", commitment: "약속값 (게임 시작 때 보인 시드의 SHA-256)", seed: "시드" },
  es: { decisions: "Decisiones más costosas", none: "Ninguna: cada elección fue tan buena como la del Maestro.", matches: "Esta página también lo comprobó: el SHA-256 de la semilla es el compromiso mostrado al empezar.", differs: "Esta página vio que el SHA-256 de la semilla NO es el compromiso.", speed: "Velocidad", capture: "Siguiente captura", turning: "Momento decisivo", record: "Descargar el registro",
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
  $("checked").textContent = (ok ? "✔ " : "✘ ") + t(ok ? "matches" : "differs");
  main.dataset.seedChecked = ok ? "1" : "0";
}

// Each person's costliest decisions, each a link to its moment.
async function decisions() {
  const list = $("decisions");
  const r = await fetch(`${API}/decisions`);
  if (!r.ok) { list.replaceChildren(); return; }
  const ds = await r.json();
  list.replaceChildren();
  if (!ds.length) { const li = document.createElement("li"); li.textContent = t("none"); list.append(li); }
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
