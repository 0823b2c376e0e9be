// Applied before first paint so a dark theme never flashes light. Mirrors src/theme/theme.ts.
// Served as a file (not inline in index.html) so the Content-Security-Policy allows no inline script.
(function () {
  try {
    var stored = localStorage.getItem('theme');
    var choice = stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system';
    var dark =
      choice === 'dark' ||
      (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    var root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(dark ? 'dark' : 'light');
  } catch {
    // Storage or media queries unavailable (privacy mode): the CSS default theme applies.
  }
})();
