import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { partOfNamespace } from './src/shared/i18n/namespaces.ts';
import { parseTranslationPath } from './src/shared/i18n/translation-files.ts';

/** The console can live under a sub-path (document 1 §2.1); Vite wants it with both slashes. */
function basePath(): string {
  const raw = process.env.BASE_PATH?.trim() || '/';
  return `/${raw.replace(/^\/+|\/+$/g, '')}/`.replace(/\/{2,}/g, '/');
}

const apiServer = 'http://127.0.0.1:8080';
const base = basePath();

export default defineConfig({
  base,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // antd alone is ~1 MB unminified; the warning would fire on every build without telling us anything new.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // zod and src/app/zod-jitless.ts in one chunk: every chunk that builds schemas (contracts, forms)
              // imports it, so `z.config({ jitless: true })` has run before the first schema exists. Left to the
              // default splitting, zod lands in a shared chunk the entry imports, and its schemas would be built
              // (and probe `new Function`, a CSP violation) before the entry's first line ran.
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]app[\\/]zod-jitless\.ts$/,
              priority: 100,
            },
            {
              // React, the JSX runtime, Vite's preload helper and react-i18next's instance and defaults: every page needs
              // them, the login page first. Left to the default splitting they fall into three small chunks as lazy
              // chunks come and go (three requests instead of one on the login page, issue 27).
              name: 'react',
              test: /[\\/]node_modules[\\/]react[\\/]|vite[\\/]preload-helper|[\\/]react-i18next[\\/]dist[\\/]es[\\/](i18nInstance|defaults|unescape)\.js$/,
              priority: 80,
            },
            {
              // Per locale, one chunk for the sign-in pages' namespaces, one for the console's first screen (shell and
              // asset dashboard) and one for the other pages': the console downloads the reader's locale only, the
              // login page only the first, the dashboard the first two (i18n.ts, namespaces.ts).
              name: (id) => {
                const file = parseTranslationPath(id);
                if (!file) return null;
                const part = partOfNamespace(file.namespace);
                return `locale-${file.locale}${part === 'signIn' ? '' : `-${part}`}`;
              },
              priority: 90,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      [`${base}config.js`]: { target: apiServer, changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      [`${base}config.js`]: { target: apiServer, changeOrigin: false },
    },
  },
});
