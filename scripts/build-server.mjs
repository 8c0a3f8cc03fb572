import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * `npm run build:server`: the API server (and the device simulator) as plain JavaScript in apps/server/dist/, so
 * production runs `node apps/server/dist/main.js` without the TypeScript loader. npm packages stay external (native
 * modules, PGlite's WebAssembly and pino's workers find their files next to themselves); the workspace package
 * @fleetdesk/contracts ships TypeScript, so it is bundled in.
 *
 * Paths taken from `import.meta.url` must still resolve from dist/: dist/ sits beside src/, so `../../web/dist`
 * (the console) is the same folder from both, and the migrations are copied to dist/migrations, where
 * db/client.ts's `./migrations` points once bundled.
 */
const server = path.resolve(import.meta.dirname, '../apps/server');
const dist = path.join(server, 'dist');

rmSync(dist, { recursive: true, force: true });
await build({
  // trips-worker: the trip builder's thread (lib/module-worker.ts loads it from beside main.js).
  entryPoints: {
    main: path.join(server, 'src/main.ts'),
    sim: path.join(server, 'src/sim.ts'),
    'trips-worker': path.join(server, 'src/modules/trips/trips.worker.ts'),
  },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@fleetdesk/') ? undefined : { external: true },
        );
      },
    },
  ],
});
cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`built ${path.relative(process.cwd(), dist)}/main.js, sim.js and trips-worker.js`);
