// The page's words: the glossary of each language (GET /locale/LANG.json, made by
// handgame.locale.glossary from handgame/locale/words.json and every game's words.json: the
// same document the terminal reads). i18n.js says them (t, tn), say.js says phrases.

const LANGS = ["en", "ar", "fa"];

async function load(lang) {
  try {
    const r = await fetch(`/locale/${lang}.json`);
    return r.ok ? await r.json() : null;
  } catch (e) {
    return null;
  }
}

const loaded = await Promise.all(LANGS.map(load));

/** The glossary of each language: {en: {lang, words, actions, games, params}, ar: …, fa: …}. */
export const GLOSSARY = Object.fromEntries(LANGS.map((l, i) => [l, loaded[i] ||
  { lang: l, words: {}, actions: {}, games: {}, params: { seats: [], indexes: [], actions: [], words: {} } }]));

/** The words of each language, by key. */
export const WORDS = Object.fromEntries(LANGS.map((l) => [l, GLOSSARY[l].words]));
