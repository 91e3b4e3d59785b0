/* global document, window */
/*
 * The reader's display preferences, applied before the first paint of every learning page (scripts/prerender.ts
 * puts this file in their <head>, the one script there that blocks): the theme (the device's, or the one chosen
 * in the footer) and the size of the Arabic and French texts (chosen in the reader's settings). Applied later,
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
  // The device switching to dark at dusk is followed while the page is open.
  systemDark.addEventListener('change', apply);
  window.applyReadingPreferences = apply;
})();
