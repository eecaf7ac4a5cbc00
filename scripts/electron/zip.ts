/**
 * The Electron zip that `npm start` (through node_modules/electron/install.js) and `npm run dist`
 * (through electron-builder) need: its name, the URL it is fetched from and the file it is cached
 * as. URL and cache file come from @electron/get's own functions, the module both downloaders
 * use, so a failure names exactly what was tried and where a copy of the zip must go.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

export interface ElectronPackage {
  /** node_modules/electron of the project. */
  dir: string
  version: string
  /** The official SHA-256 of every release file, as the electron package ships them. */
  checksums: Record<string, string>
  /** The directory of the @electron/get that Electron's installer loads. */
  getDir: string
}

export interface ZipTarget {
  version: string
  platform: string
  arch: string
}

interface ArtifactUtils {
  getArtifactFileName(details: object): string
  getArtifactRemoteURL(details: object): Promise<string>
}
interface CacheModule {
  Cache: new (cacheRoot?: string) => {
    cacheRoot: string
    getCachePath(url: string, fileName: string): string
  }
}

export function electronPackage(projectDir: string): ElectronPackage {
  const requireFromProject = createRequire(join(projectDir, 'package.json'))
  const dir = dirname(requireFromProject.resolve('electron/package.json'))
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }
  const checksums = JSON.parse(readFileSync(join(dir, 'checksums.json'), 'utf8')) as Record<string, string>
  const getEntry = createRequire(join(dir, 'install.js')).resolve('@electron/get')
  return { dir, version, checksums, getDir: dirname(getEntry) }
}

/** @electron/get's internals are not in its exports map; importing them by file path reaches them. */
async function getModule<T>(electron: ElectronPackage, file: string): Promise<T> {
  return (await import(pathToFileURL(join(electron.getDir, file)).href)) as T
}

function artifact(target: ZipTarget) {
  return {
    version: `v${target.version.replace(/^v/, '')}`,
    platform: target.platform,
    arch: target.arch,
    artifactName: 'electron',
  }
}

export function zipName(target: ZipTarget): string {
  return `electron-v${target.version.replace(/^v/, '')}-${target.platform}-${target.arch}.zip`
}

/** The URL @electron/get downloads the zip from: ELECTRON_MIRROR (and its npm-config spellings) or GitHub. */
export async function zipUrl(electron: ElectronPackage, target: ZipTarget): Promise<string> {
  const utils = await getModule<ArtifactUtils>(electron, 'artifact-utils.js')
  return utils.getArtifactRemoteURL(artifact(target))
}

/**
 * Where @electron/get keeps the zip once downloaded, and looks for it first: the cache root
 * (`cacheRoot`, else ~/.cache/electron, ~/Library/Caches/electron or %LOCALAPPDATA%\electron\Cache),
 * then a folder named by the hash of the URL's directory.
 */
export async function cachedZipPath(electron: ElectronPackage, url: string, cacheRoot?: string) {
  const { Cache } = await getModule<CacheModule>(electron, 'Cache.js')
  const fileName = url.slice(url.lastIndexOf('/') + 1)
  return new Cache(cacheRoot).getCachePath(url, fileName)
}

/** @electron/get's default cache root (the folder holding one folder per download URL). */
export async function defaultCacheRoot(electron: ElectronPackage): Promise<string> {
  const { Cache } = await getModule<CacheModule>(electron, 'Cache.js')
  return new Cache().cacheRoot
}

/** Why a download failed, in words, from the first line of the downloader's error. */
export async function describeDownloadFailure(message: string, url: string): Promise<string> {
  const status = /Response code (\d+ \([^)]*\))/.exec(message)
  if (status) return `the server answered ${status[1]}`
  if (/checksum/i.test(message)) return `the file did not match its SHA-256 checksum (${message})`
  if (/fetch failed/.test(message)) return `it could not be fetched (${await connectionProblem(url)})`
  return message
}

/** fetch() hides the network error in `cause`; one more request tells DNS, refusal and proxy apart. */
async function connectionProblem(url: string): Promise<string> {
  try {
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(15_000) })
    return `the server answers ${response.status} now`
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    return cause?.message ?? cause?.code ?? (error as Error).message
  }
}

export interface MissingZip {
  /** What cannot go ahead, e.g. "Ads Studio cannot start". */
  outcome: string
  /** What is missing, e.g. "Electron 45.4.1's binary for linux-x64 is not installed". */
  missing: string
  target: ZipTarget
  url: string
  cause: string
  cacheFile: string
  /** Further ways to provide Electron, each a sentence fragment. */
  otherWays: string[]
}

/** One paragraph: what is missing, the URL tried and why it failed, and how to provide the zip. */
export function explainMissingZip(problem: MissingZip): string {
  const name = zipName(problem.target)
  const version = `v${problem.target.version.replace(/^v/, '')}`
  const ways = [
    `set ELECTRON_MIRROR to a mirror of Electron's releases (ending in "/"; ${name} is then fetched from <mirror>${version}/${name})`,
    `or copy the official ${name} (its SHA-256 is checked) into Electron's cache as ${problem.cacheFile}`,
    ...problem.otherWays.map((way) => `or ${way}`),
  ]
  return [
    `${problem.outcome}: ${problem.missing}, and its download failed.`,
    `Tried ${problem.url}: ${problem.cause}.`,
    `Provide the Electron zip ${name} (about 100 MB) and run the command again:`,
    ...ways.map((way) => `  - ${way};`),
  ]
    .join('\n')
    .replace(/;$/, '.')
}
