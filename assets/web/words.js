// The pages' words: the product's one catalog (assets/locales/<lang>/web.ftl, with the bots'
// levels and the presets), served per language as a dictionary (/assets/words/<lang>; under
// window.YUT_BASE instead of / where a page sets it, as the Discord Activity does). A
// variable is written {name} there; t() fills it in. Elements name their words with
// data-t (text), data-t-label (aria-label) and data-t-title (title).
"use strict";
const Words = { lang: null, dict: {}, loading: {} };

// The language of the pages' words for `lang` (English for a language the pages lack).
function wordsLang(lang) {
  return ["en", "ko", "es"].includes(lang) ? lang : "en";
}

// Load a language's words (English for a language the pages lack).
function loadWords(lang) {
  lang = wordsLang(lang);
  if (Words.lang === lang) return Promise.resolve();
  if (!Words.loading[lang]) {
    Words.loading[lang] = fetch((window.YUT_BASE || "/") + "assets/words/" + lang).then((r) => r.json()).then((dict) => {
      Words.loading[lang] = null;
      Words.dict = dict;
      Words.lang = lang;
      document.documentElement.lang = lang;
    }, (e) => { Words.loading[lang] = null; throw e; });
  }
  return Words.loading[lang];
}

function t(key, vars) {
  let s = Words.dict[key];
  if (s === undefined) return key;
  for (const [k, v] of Object.entries(vars || {})) s = s.split("{" + k + "}").join(String(v));
  return s;
}

// Put the words into every element that names them.
function translate(root) {
  (root || document).querySelectorAll("[data-t]").forEach((e) => { e.textContent = t(e.dataset.t); });
  (root || document).querySelectorAll("[data-t-label]").forEach((e) => { e.setAttribute("aria-label", t(e.dataset.tLabel)); });
  (root || document).querySelectorAll("[data-t-title]").forEach((e) => { e.title = t(e.dataset.tTitle); });
}
