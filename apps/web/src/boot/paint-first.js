/*
 * Starts the app after the first paint, on the pages whose server HTML already shows their
 * content (apps/api/src/modules/seo/seo.prerender.ts; there the server swaps index.html's
 * module script for this one, see plugins/spa.ts). The header and the largest text then paint
 * from the HTML and the CSS alone, without waiting for or sharing the connection with ~140 KB
 * of JavaScript; the app loads next and React replaces the copy with the identical page.
 */
(function () {
  // warm ICU in a worker now, in this task before the first paint, so the app's first date
  // formatting does not pay for it on the main thread (warm-intl.js)
  try {
    new Worker('/warm-intl.js', { name: document.documentElement.lang || 'pt-PT' });
  } catch {
    // no workers: the app pays as before
  }
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  function start() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.appendChild(script);
  }
  // a hidden tab paints nothing and runs no animation frames: start at once there
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
