import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The console can live under a sub-path (document 1 §2.1); Vite wants it with both slashes. */
function basePath(): string {
  const raw = process.env.BASE_PATH?.trim() || '/';
  return `/${raw.replace(/^\/+|\/+$/g, '')}/`.replace(/\/{2,}/g, '/');
}

const apiServer = 'http://127.0.0.1:8080';
const base = basePath();

export default defineConfig({
  base,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is ~1 MB unminified; the warning would fire on every build without telling us anything new.
    chunkSizeWarningLimit: 1500,
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
