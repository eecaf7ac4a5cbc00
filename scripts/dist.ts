/**
 * `npm run dist`: builds the app and packages its installers with electron-builder, after checking
 * the two things electron-builder cannot put right itself: keytar's native module must be built
 * for the system and CPU being packaged (it is packed as built), and the Electron zip must be at
 * hand. Offline, electron-builder would stop at a bare `ENOTFOUND github.com`; this names the zip
 * and the ways to provide it instead.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { mismatch, nativeBuild } from './electron/nativeArch'
import {
  cachedZipPath,
  defaultCacheRoot,
  describeDownloadFailure,
  electronPackage,
  explainMissingZip,
  zipName,
  zipUrl,
  type ElectronPackage,
  type ZipTarget,
} from './electron/zip'

const USAGE = `Usage: npm run dist [-- <electron-builder options>]
       npm run dist:mac:arm64   (on Apple silicon)     npm run dist:mac:x64   (on an Intel Mac)
Builds the app (electron-vite build) and packages installers with electron-builder for this system
and CPU, or for the --linux/--mac/--win and --x64/--arm64 given. First it checks that keytar's
native module is built for what is packaged, and that the Electron zip is at hand: electronDist
(-c.electronDist=<zip or directory>), Electron's cache, or a download (ELECTRON_MIRROR for a mirror
of Electron's releases). It writes the zip's official checksums next to Electron's cache
(SHASUMS256.txt-<version>), where electron-builder reads them, so a cached zip works offline.
  --check   only the checks (fetching the zip into the cache if need be), no build
  --help    this text`

const PLATFORM_FLAGS: Record<string, string> = {
  '--mac': 'darwin',
  '--macos': 'darwin',
  '-m': 'darwin',
  '-o': 'darwin',
  '--linux': 'linux',
  '-l': 'linux',
  '--win': 'win32',
  '--windows': 'win32',
  '-w': 'win32',
}
const ARCH_FLAGS = ['x64', 'ia32', 'armv7l', 'arm64', 'universal']

export interface DistRun {
  platforms: string[]
  archs: string[]
  /** electronDist from the command line or electron-builder.yml: then no zip is needed. */
  electronDist: string | undefined
  builderArgs: string[]
}

/** What electron-builder will package, read from its command line as electron-builder reads it. */
export function parseDistArgs(args: string[], configText: string): DistRun {
  const platforms = new Set<string>()
  const archs = new Set<string>()
  let electronDist = /^electronDist:\s*(\S.*)$/m.exec(configText)?.[1]
  args.forEach((arg, index) => {
    const platform = PLATFORM_FLAGS[arg]
    if (platform) platforms.add(platform)
    const arch = arg.startsWith('--') ? arg.slice(2) : ''
    if (ARCH_FLAGS.includes(arch)) archs.add(arch)
    const dist = /^(?:-c|--config)\.electronDist(?:=(.*))?$/.exec(arg)
    if (dist) electronDist = dist[1] ?? args[index + 1]
  })
  if (platforms.size === 0) platforms.add(process.platform)
  // Without an arch flag electron-builder packages for this machine's CPU (no target in
  // electron-builder.yml names an arch); universal macOS builds merge an x64 and an arm64 app.
  const wanted = archs.size === 0 ? [process.arch] : [...archs]
  return {
    platforms: [...platforms],
    archs: wanted.flatMap((arch) => (arch === 'universal' ? ['x64', 'arm64'] : [arch])),
    electronDist,
    builderArgs: args.filter((arg) => arg !== '--check'),
  }
}

function keytarProblem(projectDir: string, platform: string, arch: string): string | undefined {
  const keytarDir = join(createRequire(join(projectDir, 'package.json')).resolve('keytar/package.json'), '..')
  const binary = join(keytarDir, 'build', 'Release', 'keytar.node')
  const shown = relative(projectDir, binary)
  if (!existsSync(binary))
    return `npm run dist cannot package ${platform}-${arch}: keytar is not built (${shown} is missing). Run npm ci; when keytar's prebuilt download fails it builds from source, which needs python3, make and a C++ compiler.`
  const problem = mismatch(nativeBuild(readFileSync(binary)), platform, arch)
  if (!problem) return undefined
  return (
    `npm run dist cannot package ${platform}-${arch}: keytar's native module (${shown}) is packed as built, and ${problem}, ` +
    'so the app could not load it and could not reach the keychain. Build each installer on its own system and CPU ' +
    '(on a Mac, npm run dist:mac:arm64 on Apple silicon and npm run dist:mac:x64 on an Intel Mac), or rebuild keytar ' +
    `for the CPU first on the same system (npm_config_arch=${arch} npm rebuild keytar, and npm rebuild keytar afterwards).`
  )
}

function parseChecksums(text: string): Record<string, string> {
  const checksums: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const match = /^([a-fA-F0-9]{64})\s+\*?(\S.*)$/.exec(line.trim())
    if (match?.[1] && match[2]) checksums[match[2]] = match[1].toLowerCase()
  }
  return checksums
}

/**
 * The checksums to verify the zip with, as electron-builder will: from the mirror when
 * electron_use_remote_checksums is set (as Electron's installer does), else SHASUMS256.txt-<version>
 * in the cache root, which electron-builder reads too and which is written from the official
 * checksums the electron package ships when it is not there yet.
 */
async function checksumsFor(electron: ElectronPackage, target: ZipTarget) {
  const env = process.env
  if (env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums) return undefined
  const seeded = join(await defaultCacheRoot(electron), `SHASUMS256.txt-${electron.version}`)
  if (!existsSync(seeded)) {
    mkdirSync(dirname(seeded), { recursive: true })
    writeFileSync(
      seeded,
      Object.entries(electron.checksums)
        .map(([file, sum]) => `${sum} *${file}\n`)
        .join(''),
    )
  }
  const checksums = parseChecksums(readFileSync(seeded, 'utf8'))
  return checksums[zipName(target)] ? checksums : electron.checksums
}

async function ensureZip(electron: ElectronPackage, target: ZipTarget): Promise<string | undefined> {
  const url = await zipUrl(electron, target)
  const cacheFile = await cachedZipPath(electron, url)
  const checksums = await checksumsFor(electron, target)
  if (!existsSync(cacheFile)) console.log(`dist: fetching ${zipName(target)} (about 100 MB) from ${url}`)
  const get = (await import(pathToFileURL(join(electron.getDir, 'index.js')).href)) as {
    downloadArtifact(details: object): Promise<string>
  }
  try {
    await get.downloadArtifact({ ...target, artifactName: 'electron', checksums })
  } catch (error) {
    const firstLine = String((error as Error).message ?? error).split('\n')[0] ?? ''
    return explainMissingZip({
      outcome: `npm run dist cannot package ${target.platform}-${target.arch}`,
      missing: `electron-builder needs the Electron ${electron.version} zip for it, which is not in Electron's cache`,
      target,
      url,
      cause: await describeDownloadFailure(firstLine, url),
      cacheFile,
      otherWays: [
        'pass electronDist: npm run dist -- -c.electronDist=<the zip, or a folder holding it or an unpacked Electron>',
      ],
    })
  }
  console.log(`dist: Electron zip ready: ${cacheFile}`)
  return undefined
}

function runBin(projectDir: string, bin: string, args: string[]): number {
  const result = spawnSync(join(projectDir, 'node_modules', '.bin', bin), args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  return result.status ?? 1
}

async function main(args: string[]): Promise<number> {
  if (args.includes('--help')) {
    console.log(USAGE)
    return 0
  }
  const projectDir = process.cwd()
  const run = parseDistArgs(args, readFileSync(join(projectDir, 'electron-builder.yml'), 'utf8'))
  const electron = electronPackage(projectDir)
  const problems: string[] = []
  for (const platform of run.platforms)
    for (const arch of run.archs) {
      const keytar = keytarProblem(projectDir, platform, arch)
      if (keytar) problems.push(keytar)
    }
  if (problems.length === 0 && !run.electronDist)
    for (const platform of run.platforms)
      for (const arch of run.archs) {
        const zip = await ensureZip(electron, { version: electron.version, platform, arch })
        if (zip) problems.push(zip)
      }
  if (problems.length > 0) {
    console.error(`\n${problems.join('\n\n')}`)
    return 1
  }
  if (args.includes('--check')) return 0

  const built = runBin(projectDir, 'electron-vite', ['build'])
  if (built !== 0) return built
  const packaged = runBin(projectDir, 'electron-builder', ['--publish', 'never', ...run.builderArgs])
  if (packaged !== 0)
    console.error(
      `\nelectron-builder failed (exit ${packaged}). If it could not download its own tools (AppImage, fpm, NSIS), ` +
        'ELECTRON_BUILDER_BINARIES_MIRROR points it at a mirror of electron-builder-binaries.',
    )
  return packaged
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exit(await main(process.argv.slice(2)))
