import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'

// The production CSP lives in src/renderer/index.html. The dev server needs a websocket for
// hot reload and an inline preamble for React Refresh, so only `electron-vite dev` relaxes it.
function devContentSecurityPolicy(): Plugin {
  return {
    name: 'ads-studio-dev-csp',
    apply: 'serve',
    transformIndexHtml(html: string) {
      return html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("connect-src 'none'", "connect-src 'self' ws://localhost:* http://localhost:*")
    },
  }
}

// The page the app opens on (DEFAULT_ROUTE in src/renderer/app/routes.ts). It stays a lazy chunk
// (test/e2e/bundle.e2e.ts), but its code is needed at every start: without a hint the browser
// learns of its ~20 files only once the entry has run and React asks for the page.
const START_PAGE = resolve('src/renderer/features/drafts/DraftsPage.tsx')

/**
 * Adds <link rel="modulepreload"> (and a style preload) to index.html for the start page's chunk
 * and every chunk it imports, so they load alongside the entry instead of after it. A preload
 * only fetches: the page's code still runs when React asks for it, and its CSS applies then.
 */
function preloadStartPage(): Plugin {
  return {
    name: 'ads-studio-preload-start-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle
        if (!bundle) return []
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
        const page = chunks.find((chunk) => chunk.moduleIds.includes(START_PAGE))
        if (!page) throw new Error(`preloadStartPage: no chunk for ${START_PAGE}`)
        const entry = chunks.find((chunk) => chunk.isEntry)
        const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])])
        const scripts = new Set<string>()
        const styles = new Set<string>()
        const visit = (fileName: string) => {
          if (loaded.has(fileName) || scripts.has(fileName)) return
          scripts.add(fileName)
          const chunk = bundle[fileName]
          if (chunk?.type !== 'chunk') return
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css)
          chunk.imports.forEach(visit)
        }
        visit(page.fileName)
        return [
          ...[...scripts].map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${fileName}` },
            injectTo: 'head' as const,
          })),
          ...[...styles].map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${fileName}` },
            injectTo: 'head' as const,
          })),
        ]
      },
    },
  }
}

/**
 * The start page's code in two chunks instead of ~20: every file is a request to app:// and a
 * module to instantiate, and at start the ~20 requests queued behind each other (six at a time)
 * for ~200 ms while the page waited. Found by walking the module graph once the build has it
 * (buildEnd); the chunking then asks per module.
 * - `start-page`: the page's own modules (its static imports, less what the entry imports). It
 *   carries the page's CSS, which so still applies after the entry's, as before.
 * - `start-vendor`: the packages the page uses (React, Radix, icons…), whether the entry uses them
 *   too or not (the module graph cannot tell: `lucide-react` and `radix-ui` import every icon and
 *   primitive, tree-shaking keeps the used ones). No CSS comes from there, so no order changes.
 * Other pages that share a module with the drafts page load these chunks too: they are already in
 * memory, as every start loads them. The page itself keeps its own small chunk, the lazy entry
 * the route table loads (test/e2e/bundle.e2e.ts).
 */
function startPageChunks() {
  const pageModules = new Set<string>()
  const vendorModules = new Set<string>()
  const plugin: Plugin = {
    name: 'ads-studio-start-page-chunks',
    apply: 'build',
    buildEnd() {
      const closure = (from: string[]) => {
        const into = new Set<string>()
        const stack = [...from]
        while (stack.length > 0) {
          const id = stack.pop()!
          if (into.has(id)) continue
          into.add(id)
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
        return into
      }
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry)
      const initial = closure(entries)
      for (const id of closure([START_PAGE])) {
        if (id === START_PAGE) continue
        if (/[\\/]node_modules[\\/]/.test(id)) vendorModules.add(id)
        else if (!initial.has(id)) pageModules.add(id)
      }
    },
  }
  const groups = [
    { name: 'start-page', test: (id: string) => pageModules.has(id), priority: 2 },
    { name: 'start-vendor', test: (id: string) => vendorModules.has(id), priority: 1 },
  ].map((group) => ({ ...group, includeDependenciesRecursively: false }))
  return { plugin, groups }
}
const startPage = startPageChunks()

export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          // Worker threads' own bundles, each loaded by name (src/main/platform/bundledWorker.ts):
          // the audience hashing (audiences/hashWorkerClient.ts) and the practice sandbox, whose
          // code stays out of main's bundle (practice/practiceSandbox.ts).
          audienceHashWorker: resolve('src/main/audiences/hashWorker.ts'),
          practiceSandbox: resolve('sandbox/worker.ts'),
          // Reads and hashes local media off main's thread (src/main/files/digest.ts).
          fileDigestWorker: resolve('src/main/files/digestWorker.ts'),
          // Reads local media's properties (codecs, duration, keyframes) off main's thread
          // (src/main/media/inspect/prober.ts).
          mediaProbeWorker: resolve('src/main/media/inspect/worker.ts'),
          // Reads, parses and checks product feeds off main's thread (src/main/catalog/feedWorkerClient.ts).
          catalogFeedWorker: resolve('src/main/catalog/feedWorker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only 'electron': bundle everything into one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    plugins: [react(), devContentSecurityPolicy(), preloadStartPage(), startPage.plugin],
    build: {
      // electron-vite leaves the renderer unminified by default; the startup budget needs it small.
      // PROFILE_BUILD=1 keeps the names readable in CPU profiles (bench/profile.ts); never shipped.
      minify: process.env.PROFILE_BUILD !== '1',
      // out/renderer/.vite/manifest.json: which chunks the first page loads (the bundle budget test).
      manifest: true,
      rolldownOptions: {
        input: { index: resolve('src/renderer/index.html') },
        // zod schemas are values without side effects (no z.config or registry in src): one the
        // renderer does not use is dropped from its bundle instead of being built at start-up.
        treeshake: { manualPureFunctions: ['z'] },
        output: {
          codeSplitting: {
            groups: startPage.groups,
          },
        },
      },
    },
  },
})
