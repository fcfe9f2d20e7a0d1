/*
 * Started by paint-first.js. The first Intl formatter a page builds costs 30-150 ms (Chromium
 * loads and initialises ICU's data on first use; 4x that on a mid-range phone), and the first
 * render of the home and event pages formats dates. ICU's data is shared by the whole process,
 * so formatting one date here, off the main thread, spares the app that cost.
 */
try {
  new Intl.DateTimeFormat(self.name || 'pt-PT', { dateStyle: 'full', timeZone: 'UTC' }).format(0);
} catch {
  // nothing to warm
}
close();
