import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { storedZip } from './storedZip'

/**
 * A stand-in for Electron's download host (GitHub releases, or a mirror given as ELECTRON_MIRROR):
 * it serves the files it is given, answers 404 to anything else and records every request path.
 */
export interface ElectronMirror {
  /** The ELECTRON_MIRROR value: the base URL, ending in "/". */
  url: string
  requests: string[]
  close(): Promise<void>
}

export async function startElectronMirror(files: Record<string, Buffer | string>): Promise<ElectronMirror> {
  const requests: string[] = []
  const server = createServer((req, res) => {
    const path = req.url ?? ''
    requests.push(path)
    const body = files[path]
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': Buffer.byteLength(body),
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A port nothing listens on: ELECTRON_MIRROR pointed there fails as an offline machine does. */
export async function closedPortUrl(): Promise<string> {
  const mirror = await startElectronMirror({})
  await mirror.close()
  return mirror.url
}

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex')

/** The SHASUMS256.txt of a release: one `<sha256> *<file>` line per file. */
export function shaSums(files: Record<string, Buffer>): string {
  return Object.entries(files)
    .map(([name, bytes]) => `${sha256(bytes)} *${name}\n`)
    .join('')
}

/** Where Electron's executable lives inside its release zip, per platform (as install.js has it). */
export function executablePathInZip(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron'
  return platform === 'win32' ? 'electron.exe' : 'electron'
}

/**
 * A stand-in Electron release zip: the given executable where the platform's zip has Electron's,
 * the version file Electron's installer checks, and a licence.
 */
export function standInElectronZip(version: string, executable: Buffer | string): Buffer {
  return storedZip([
    { path: executablePathInZip(process.platform), data: executable, mode: 0o755 },
    { path: 'version', data: version },
    { path: 'LICENSE', data: 'stand-in for the Electron licence' },
    { path: 'resources/default_app.asar', data: 'stand-in for the default app' },
  ])
}

/** A stand-in executable (a shell script) that writes its working directory and arguments, one per line, to `record`. */
export function recordingExecutable(record: string): string {
  return `#!/bin/sh\n# stand-in for the Electron executable\nprintf '%s\\n' "$PWD" "$@" > '${record}'\n`
}
