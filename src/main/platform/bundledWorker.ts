import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * A worker thread running one of the app's own entry files. In the built app each such entry is
 * a bundle of its own next to main's (electron.vite.config.ts, the main build's inputs), loaded
 * by file name; run from source (the tests, the E2E bridge, the bench) the TypeScript entry is
 * loaded through tsx. `from` is the caller's import.meta.url: whether it ends in .ts says which
 * case this is, and both paths are relative to it.
 */
export function startBundledWorker(
  from: string,
  entry: { bundle: string; source: string },
  options: WorkerOptions = {},
): Worker {
  if (from.endsWith('.ts')) {
    const source = new URL(entry.source, from).href
    // tsx's ESM entry (its package exports map "./esm/api" → this file for import).
    const tsxRoot = dirname(createRequire(fileURLToPath(from)).resolve('tsx/package.json'))
    const tsx = pathToFileURL(join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href
    const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}) })`
    return new Worker(code, { ...options, eval: true })
  }
  return new Worker(new URL(entry.bundle, from), options)
}
