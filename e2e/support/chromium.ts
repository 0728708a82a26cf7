// How the journeys and the page benchmarks start Chromium: Debian's build, headless, kept on loopback (STACK
// "Chromium"). Free of test-runner imports, so that bench/ can launch the same browser.

/** Command-line switches: no sandbox or GPU in a container, no background traffic, every host but loopback unreachable. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
];

/** The browser to run: CHROMIUM_PATH when set, Debian's Chromium otherwise. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The launch options of playwright-core for that browser, headless. */
export const chromiumLaunchOptions = () => ({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
