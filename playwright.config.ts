import {defineConfig, devices} from '@playwright/test';

/** The production build is served here while the tests run (see `webServer`). */
export const PORT = Number(process.env.TEST_PORT ?? 3320);

// Tests drive Debian's Chromium: browsers cannot be downloaded on our machines, so
// `npx playwright install` is never used. scripts/test.mjs installs the package when missing.
export default defineConfig({
  testDir: './tests',
  // tests/content/ holds Node test-runner files (doc recipes under attack, reference hashing);
  // tests/engines/ the journeys run in Firefox and WebKit (`npm run test:engines`).
  testIgnore: ['content/**', 'engines/**'],
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list'], ['html', {open: 'never'}]] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace for every test made the suite about a quarter slower (axe and crawl specs:
    // 161 → 124 s without); CI retries a failed test once and records that retry. Locally, rerun a
    // failing test with `--trace on` to get one.
    trace: 'on-first-retry',
    viewport: {width: 1280, height: 800},
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{name: 'chromium', use: {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}}}],
  webServer: {
    // The production server (server/serve.mjs) over the precompressed build, as visitors get it.
    command: `node scripts/build/precompress.mjs --dir build && node server/serve.mjs --dir build --port ${PORT}`,
    url: `http://localhost:${PORT}/img/logo.svg`,
    env: {NO_UPDATE_NOTIFIER: '1'},
    reuseExistingServer: !process.env.CI,
    // Precompressing a fresh build takes ~10 s of CPU, much longer on a busy machine.
    timeout: 180_000,
  },
});
