// The e2e browser's launch, a plain module so that the benchmarks (bench/first-load.mjs) launch
// the same browser as the tests, but for the one V8 flag the tests add (E2E_CHROMIUM, which
// e2e/browser.ts re-exports).
/**
 * Debian's Chromium headless shell (package chromium-headless-shell), with nothing that reaches
 * for the network. The full browser in its headless mode drew the same pages with about half
 * as much CPU again (renderer, browser and GPU processes), most of the e2e run on two cores.
 */
/** @type {import('playwright-core').LaunchOptions} */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    // The GPU process's compositing inside the browser process: about 10 s less CPU a run.
    '--in-process-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // The app's reduced motion (index.css): spinners and skeletons stand still, toasts come and
    // go in 1 ms. No frames drawn for motion nobody looks at, and no check can read a toast
    // mid-fade (axe found "Login Successful" at 1.77:1 contrast while it faded, on a loaded
    // machine). The motion itself is tested in pages.e2e.test.ts ("motion").
    '--force-prefers-reduced-motion',
  ],
};

/**
 * The e2e tests' browser: as CHROMIUM, with no tier of V8 above Maglev in its renderers, as the
 * test processes have (packages/testing/src/test-node-flags.ts). A test's tab runs the app's
 * code for a few pages and closes, and TurboFan's compiles of it rarely paid back: the whole e2e
 * project, two pairs alternated on a quick instance, the machine busy 294 and 293 CPU-s with
 * V8's defaults, 288 and 284 with the flag, the same 83 tests green (7 Dec, docs/testing.md).
 * The benchmarks keep V8's defaults, as a person's browser has.
 * @type {import('playwright-core').LaunchOptions}
 */
export const E2E_CHROMIUM = {
  ...CHROMIUM,
  args: [...(CHROMIUM.args ?? []), '--js-flags=--max-opt=2'],
};
