import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import {
  BASE_URL,
  MAP_STYLE_URL,
  MQTT_TOPIC_ROOT,
  MQTT_URL,
  OIDC_CLIENT,
  OIDC_ISSUER,
  OIDC_NAME,
  PASSWORD,
  PORT,
  SECRETS_KEY,
} from './fixtures/env.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
// Several runs can share a checkout (parallel work): each may bring its own build and data directory.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(here, '.data');

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Generous for a busy two-core machine; a passing run stays far below.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // Two cores: the server and one browser each get one.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    timezoneId: 'Europe/Rome',
    viewport: { width: 1366, height: 860 },
    screenshot: 'only-on-failure',
    // Recording a trace costs every test about a quarter of its time on two cores: CI records only the retry of a
    // failed test (retries: 1), which is where a trace is read.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    actionTimeout: 15_000,
    // The console honours prefers-reduced-motion (antd's animations off). On two busy cores a modal was seen stuck
    // mid-animation for 30 s, ignoring clicks; without motion that cannot happen. E2E_MOTION=1 runs with motion.
    contextOptions: { reducedMotion: process.env.E2E_MOTION === '1' ? 'no-preference' : 'reduce' },
    navigationTimeout: 15_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 860 },
        // System Chromium only: never download a browser.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // The real server on its own port: a fresh in-memory database with the demo data set, serving the built console.
  webServer: {
    // Uploads from the previous run (DATA_DIR/files) go first; the database itself lives in memory.
    command: `node -e "require('node:fs').rmSync(process.env.DATA_DIR, { recursive: true, force: true })" && npx tsx apps/server/src/main.ts`,
    cwd: root,
    url: `${BASE_URL}/api/health`,
    // Start-up compiles TypeScript, boots PGlite, migrates and seeds the demo fleet: a busy machine needs time.
    timeout: 150_000,
    // A server left on the port would carry another run's data: start a fresh one unless E2E_REUSE=1 (debugging).
    reuseExistingServer: process.env.E2E_REUSE === '1',
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      DEMO_DATA: '1',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // Parallel runs each bring their own embedded MQTT broker.
      MQTT_PORT: String(new URL(MQTT_URL).port),
      MQTT_TOPIC_ROOT,
      SECRETS_KEY,
      // Never OpenFreeMap's default: a street style that cannot load, so the maps show the atlas (the fallback).
      MAP_STYLE_URL,
      // Third-party sign-in against the provider oidc-login.spec.ts starts on its own port.
      OIDC_ISSUER,
      OIDC_CLIENT_ID: OIDC_CLIENT.clientId,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
      OIDC_NAME,
      // Reminders fire within seconds of the trip that makes them due (the job runs every minute by default).
      REMINDER_EVALUATE_MS: '2000',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
