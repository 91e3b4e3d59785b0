/* global document, location, requestAnimationFrame, window */
/*
 * The loader of every page drawn outside the browser (scripts/prerender.ts writes its tag in place of the app's
 * entry): its `data-entry` is the islands' script, or the app's for the sign-in screen. The text and styles are
 * in the HTML, so the reader sees the page at once; the code is fetched and run only after that first frame
 * is painted and the page's own files are loaded, so on a slow phone it never delays the text.
 *
 * With `data-start="on-use"` (the sign-in screen, whose form needs the whole app), the code starts only when
 * the visitor first uses the page (a tap, a key, a field focused), or at once for a browser that holds a
 * session (one of `data-session-keys` is stored), which the app then sends on to its dashboard.
 * A file, not an inline script: the Content-Security-Policy allows only the site's own script files.
 */
(function () {
  var tag = document.currentScript;
  var entry = tag.dataset.entry;
  var preload = (tag.dataset.preload || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < preload.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    import(entry).catch(reloadOnce);
  }
  /*
   * A page kept by the service worker may name scripts that a new version of the site has removed: the worker
   * has fetched the current page behind it meanwhile, so loading the page again (once) shows that one.
   */
  function reloadOnce() {
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    var key = 'page-reloaded:' + location.pathname;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    location.reload();
  }
  function holdsSession() {
    try {
      return JSON.parse(tag.dataset.sessionKeys || '[]').some(function (key) {
        return Boolean(localStorage.getItem(key));
      });
    } catch {
      return false;
    }
  }
  if (tag.dataset.start === 'on-use' && !holdsSession()) {
    var uses = ['pointerdown', 'keydown', 'focusin', 'touchstart'];
    var use = function () {
      for (var j = 0; j < uses.length; j++) document.removeEventListener(uses[j], use, true);
      start();
    };
    for (var k = 0; k < uses.length; k++) document.addEventListener(uses[k], use, true);
    return;
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
