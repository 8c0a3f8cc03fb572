import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/*.test.ts',
            'apps/server/src/{lib,plugins,adapters,iot}/**/*.test.ts',
            'apps/server/src/db/seed/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          // One jsdom and one module graph per worker instead of per file: 82 → 8 s for the same 611 tests (and the
          // same with the files shuffled). The set-up file runs before each file and resets the language.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: [
            'apps/server/src/modules/**/*.test.ts',
            'apps/server/src/jobs/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
          ],
          exclude: ['apps/server/test/cluster/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // PGlite instances are heavy; two cores run two files at a time.
          maxWorkers: 2,
          // Files share their worker's modules: importing the whole server for each of ~90 files took half the
          // suite's time (docs/performance.md "CI time"). Every file builds its own app on its own database, and
          // module state in the tests is kept per database (authorization-matrix.world.ts).
          isolate: false,
        },
      },
      {
        test: {
          // Real server processes on PostgreSQL and Mosquitto (issue 26): several nodes, kill -9, restarts.
          name: 'cluster',
          include: ['apps/server/test/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Each file starts several servers: one file at a time on two cores.
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
