/* global document, requestAnimationFrame, window */
/*
 * The loader of every page drawn outside the browser (scripts/prerender.ts writes its tag in place of the app's
 * entry): its `data-entry` is the islands' script, or the app's for the sign-in screen. The text and styles are
 * in the HTML, so the reader sees the page at once; the code is fetched and run only after that first frame
 * is painted and the page's own files are loaded, so on a slow phone it never delays the text.
 * A file, not an inline script: the Content-Security-Policy allows only the site's own script files.
 */
(function () {
  var tag = document.currentScript;
  var entry = tag.dataset.entry;
  var preload = (tag.dataset.preload || '').split(' ').filter(Boolean);
  function start() {
    for (var i = 0; i < preload.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    import(entry);
  }
  requestAnimationFrame(function () {
    // A task queued from an animation frame runs once that frame has been drawn. The page's own files (the
    // Quran's font, which its largest text waits for) come first too: the code starts once they are loaded.
    setTimeout(function () {
      if (document.readyState === 'complete') start();
      else window.addEventListener('load', start, { once: true });
    }, 0);
  });
})();
