/**
 * Facts about the built renderer (out/renderer) from Vite's build manifest: which chunks the
 * first page loads and what they weigh gzip-compressed. Used by the bundle budget test
 * (test/e2e/bundle.e2e.ts) and by `npm run bench`.
 */
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

/** The page the app opens on (DEFAULT_ROUTE), as the manifest names its module. */
export const FIRST_PAGE_MODULE = 'features/drafts/DraftsPage.tsx'

export async function readManifest(outDir = resolve('out/renderer')): Promise<Manifest> {
  const text = await readFile(join(outDir, '.vite/manifest.json'), 'utf8').catch(() => {
    throw new Error('out/renderer/.vite/manifest.json is missing: run `npx electron-vite build` first.')
  })
  return JSON.parse(text) as Manifest
}

/** A chunk and everything it imports statically: what loads together with it. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into
  const chunk = manifest[key]
  if (!chunk) throw new Error(`The build manifest has no chunk ${key}`)
  into.add(key)
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into)
  return into
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.isEntry)
  if (!key) throw new Error('The build manifest has no entry chunk')
  return key
}

export interface FirstPageBundle {
  /** Files the entry loads before anything renders. */
  entryFiles: string[]
  /** Files loaded to show the first page: the entry's and the drafts page's, each once. */
  firstPageFiles: string[]
  entryJsGzip: number
  firstPageJsGzip: number
  cssGzip: number
}

export async function gzipSize(outDir: string, file: string): Promise<number> {
  return gzipSync(await readFile(join(outDir, file)), { level: 9 }).length
}

export async function firstPageBundle(outDir = resolve('out/renderer')): Promise<FirstPageBundle> {
  const manifest = await readManifest(outDir)
  const entry = staticClosure(manifest, entryKey(manifest))
  const firstPage = staticClosure(manifest, FIRST_PAGE_MODULE, new Set(entry))
  const files = (keys: Set<string>) => [...keys].map((key) => manifest[key]!.file)
  const css = new Set([...firstPage].flatMap((key) => manifest[key]!.css ?? []))
  const sum = async (list: string[]) => {
    let total = 0
    for (const file of list) total += await gzipSize(outDir, file)
    return total
  }
  return {
    entryFiles: files(entry),
    firstPageFiles: files(firstPage),
    entryJsGzip: await sum(files(entry)),
    firstPageJsGzip: await sum(files(firstPage)),
    cssGzip: await sum([...css]),
  }
}
