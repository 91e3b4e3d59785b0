/* global document, window */
/*
 * The reader's display preferences, applied before the first paint of every learning page (scripts/prerender.ts
 * puts this file in their <head>, the one script there that blocks): the theme (the device's, or the one chosen
 * in the footer), the size of the Arabic and French texts (chosen in the reader's settings) and which of the
 * Quran's texts are shown. Applied later,
 * they would flash the page in the wrong theme and move its text. The islands change them through
 * src/lib/reading-preferences.ts, which writes the same stored value and calls `applyReadingPreferences` again.
 * A file, not an inline script: the Content-Security-Policy allows only the site's own script files.
 */
(function () {
  var root = document.documentElement;
  var systemDark = window.matchMedia('(prefers-color-scheme: dark)');
  function apply() {
    var chosen = {};
    try {
      chosen = JSON.parse(localStorage.getItem('site.affichage') || '{}') || {};
    } catch {
      // Unreadable or unavailable storage: the device's theme and the usual sizes.
    }
    var dark = chosen.theme === 'dark' || (chosen.theme !== 'light' && systemDark.matches);
    root.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
    root.style.setProperty('--arabic-scale', String(Number(chosen.arabicScale) || 1));
    root.style.setProperty('--french-scale', String(Number(chosen.frenchScale) || 1));
  }
  apply();
  // The texts the Quran reader shows, as the reader last chose them (src/features/quran/reader-memory.ts keeps
  // them under 'coran.lecteur'): the verses are drawn with them at once, nothing moves when the reader's code
  // starts (src/features/quran/quran.module.css reads the attribute; without it, the Arabic and the French).
  try {
    var shown = (JSON.parse(localStorage.getItem('coran.lecteur') || 'null') || {}).shown;
    if (shown && typeof shown === 'object') {
      var texts = [];
      if (shown.arabic !== false) texts.push('arabic');
      if (shown.french !== false) texts.push('french');
      if (shown.transliteration === true) texts.push('transliteration');
      root.setAttribute('data-texts', texts.join(' '));
    }
  } catch {
    // Nothing readable remembered: the Arabic and the French.
  }
  // The device switching to dark at dusk is followed while the page is open.
  systemDark.addEventListener('change', apply);
  window.applyReadingPreferences = apply;
})();
