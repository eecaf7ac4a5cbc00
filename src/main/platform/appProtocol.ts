import { extname, normalize, resolve, sep } from 'node:path'

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
export function resolveAppAsset(rendererDir: string, requestUrl: string): { path: string; mimeType: string } | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null
  let pathname: string
  try {
    pathname = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null
  const root = resolve(rendererDir)
  const target = normalize(resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`))
  if (!target.startsWith(root + sep)) return null
  return { path: target, mimeType: MIME_TYPES[extname(target)] ?? 'application/octet-stream' }
}
