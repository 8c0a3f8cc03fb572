import { Worker } from 'node:worker_threads';

/**
 * A worker thread running one of the server's modules. From the TypeScript source (tsx, the cluster tests' nodes,
 * the benches) the thread registers tsx before importing `source`: worker threads do not inherit the main thread's
 * module hooks. From apps/server/dist it runs the bundled entry `<distName>.js` beside main.js
 * (scripts/build-server.mjs lists it).
 */
export function moduleWorker(source: URL, distName: string, workerData: unknown): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = import.meta.resolve('tsx/esm/api');
    const boot = `const { register } = await import(${JSON.stringify(tsx)}); register(); await import(${JSON.stringify(source.href)});`;
    return new Worker(boot, { eval: true, workerData });
  }
  return new Worker(new URL(`./${distName}.js`, import.meta.url), { workerData });
}
