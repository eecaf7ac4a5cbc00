import { realpath, stat } from 'node:fs'
import { extname, normalize, resolve, sep } from 'node:path'
import { promisify } from 'node:util'

/** The renderer is served from app://studio/ rather than file:// (Electron security checklist, item 18). */
export const APP_SCHEME = 'app'
export const APP_HOST = 'studio'
export const APP_RENDERER_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

/**
 * Maps an app:// request to a file inside the renderer directory, or null for anything else:
 * another host, a path that climbs out of the directory, or an encoded separator.
 */
export function resolveAppAsset(
  rendererDir: string,
  requestUrl: string,
): { path: string; mimeType: string } | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null
  // Our build never links to an encoded separator; one can only be an attempt to climb out.
  if (/%2f|%5c/i.test(url.pathname)) return null
  let pathname: string
  try {
    pathname = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null
  const root = resolve(rendererDir)
  const target = normalize(resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`))
  if (!isInside(root, target)) return null
  return { path: target, mimeType: MIME_TYPES[extname(target)] ?? 'application/octet-stream' }
}

// The callback forms: Electron's asar support patches these, so they see inside app.asar.
const realpathOf = promisify(realpath)
const statOf = promisify(stat)

function isInside(root: string, target: string): boolean {
  return target.startsWith(root + sep)
}

/**
 * resolveAppAsset, then on disk: the file must exist, be a regular file, and its real path
 * (after every symlink) must still be inside the real renderer directory. Otherwise null.
 */
export async function locateAppAsset(
  rendererDir: string,
  requestUrl: string,
): Promise<{ path: string; mimeType: string } | null> {
  const asset = resolveAppAsset(rendererDir, requestUrl)
  if (!asset) return null
  try {
    const [realRoot, realTarget] = await Promise.all([realpathOf(rendererDir), realpathOf(asset.path)])
    if (!isInside(realRoot, realTarget) || !(await statOf(realTarget)).isFile()) return null
    return { path: realTarget, mimeType: asset.mimeType }
  } catch {
    return null
  }
}
