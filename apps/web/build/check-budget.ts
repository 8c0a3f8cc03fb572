/**
 * The console's size budgets (issue 27), checked on the build's manifest in `npm test` (after the build, before
 * e2e). Sizes are the gzip files the server sends (apps/web/build/precompress.ts). bench:web measures the same
 * pages in Chromium.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const KB = 1024;

/**
 * Per page: the budget and the ceiling this check holds, both KB of gzip. The ceiling is today's figure
 * with a little room: a change that makes a first screen heavier fails here. docs/performance.md "First screen"
 * says why the budgets are not reached yet and what would close the gap.
 */
export const pages = {
  login: { budgetKb: 150, ceilingKb: 160 },
  dashboard: { budgetKb: 250, ceilingKb: 395 },
} as const;

/** No chunk above this raw size, except the libraries of the screens that need them. */
const MAX_CHUNK_BYTES = 500 * KB;
const heavyOnlyWhereNeeded = /^(maplibre-gl|maplibre-gl-worker|document-editor|echarts-setup|countries-50m)-/;

function main(): void {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const gz = (file: string) => {
    const full = path.join(dist, file);
    return existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : gzipSync(readFileSync(full)).length;
  };
  const closure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build manifest`);
      if (into.has(chunk.file)) continue;
      into.add(chunk.file);
      for (const css of chunk.css ?? []) into.add(css);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };
  const localeChunks = (part: RegExp) => Object.keys(manifest).filter((key) => part.test(key));
  const signIn = localeChunks(/^_locale-en-US-(?!shell-|pages-)/);
  // The console's first screen's namespaces; the other pages' (`-pages-`) come with those pages (namespaces.ts).
  const shell = localeChunks(/^_locale-en-US-shell-/);
  if (signIn.length !== 1 || shell.length !== 1) throw new Error('the en-US locale chunks are not in the manifest');

  const measured = {
    login: closure(['index.html', 'src/app/auth/login.page.tsx', ...signIn]),
    dashboard: closure([
      'index.html',
      'src/app/shell-routes.tsx',
      'src/features/dashboard/pages/asset-dashboard.page.tsx',
      ...signIn,
      ...shell,
    ]),
  };
  const failures: string[] = [];
  for (const [page, files] of Object.entries(measured) as [keyof typeof pages, Set<string>][]) {
    const kb = [...files].reduce((sum, file) => sum + gz(file), 0) / KB;
    const { budgetKb, ceilingKb } = pages[page];
    console.log(
      `${page}: ${kb.toFixed(1)} KB gzip in ${files.size} files (ceiling ${ceilingKb} KB; issue 27 budget ${budgetKb} KB${kb <= budgetKb ? ', met' : ''})`,
    );
    if (kb > ceilingKb) failures.push(`${page} is ${kb.toFixed(1)} KB gzip, above its ceiling of ${ceilingKb} KB`);
    for (const file of files)
      if (heavyOnlyWhereNeeded.test(path.basename(file)))
        failures.push(`${page} loads ${file}, which only the screens that need it may load`);
  }
  for (const chunk of Object.values(manifest)) {
    const size = statSync(path.join(dist, chunk.file)).size;
    if (size > MAX_CHUNK_BYTES && !heavyOnlyWhereNeeded.test(path.basename(chunk.file)))
      failures.push(`${chunk.file} is ${(size / KB).toFixed(0)} KB, above ${MAX_CHUNK_BYTES / KB} KB`);
  }
  if (failures.length) {
    for (const failure of failures) console.error(`✗ ${failure}`);
    process.exitCode = 1;
  } else console.log('Size budgets: ok');
}

main();
