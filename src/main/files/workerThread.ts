import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker, type ResourceLimits } from 'node:worker_threads'

/**
 * Starts one of main's worker threads. In the built app each worker is its own bundle next to
 * the main one (electron.vite.config.ts names them); run from source (tests, the E2E bridge, the
 * bench) the TypeScript file is loaded through tsx. `caller` is the starting module's
 * import.meta.url: bundled, that is out/main/index.js, next to the workers' bundles.
 */
export function startWorker(
  caller: string,
  worker: { source: string; bundle: string },
  resourceLimits?: ResourceLimits,
): Worker {
  const options = resourceLimits ? { resourceLimits } : {}
  if (caller.endsWith('.ts')) {
    const source = new URL(worker.source, caller).href
    // tsx's ESM entry (its package exports map "./esm/api" → this file for import).
    const tsxRoot = dirname(createRequire(fileURLToPath(caller)).resolve('tsx/package.json'))
    const tsx = pathToFileURL(join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href
    const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}) })`
    return new Worker(code, { eval: true, ...options })
  }
  return new Worker(new URL(worker.bundle, caller), options)
}
