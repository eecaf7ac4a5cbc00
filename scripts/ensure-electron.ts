/**
 * Runs before electron-vite in `npm start` and `npm run dev`. Electron downloads its binary on
 * first use (node_modules/electron/install.js) and `npm ci` does not, while electron-vite only
 * looks for it (path.txt) and otherwise stops with "Error: Electron uninstall". This finds the
 * binary or runs Electron's own installer (ELECTRON_MIRROR and Electron's cache apply as usual),
 * and when that fails says in one paragraph what is missing, the URL tried and how to provide it.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import {
  cachedZipPath,
  describeDownloadFailure,
  electronPackage,
  explainMissingZip,
  zipUrl,
  type ZipTarget,
} from './electron/zip'

const USAGE = `Usage: tsx scripts/ensure-electron.ts   (npm start and npm run dev run it first)
Finds Electron's binary (node_modules/electron/dist), or downloads it with Electron's installer.
  ELECTRON_MIRROR       a mirror of Electron's releases to download from instead of GitHub
  electron_config_cache the folder Electron's installer caches the zip in
  ELECTRON_EXEC_PATH    an Electron executable to use instead (electron-vite reads it too)`

/** The installed executable, checked as Electron's installer checks it (path.txt and dist/version). */
function installedBinary(electronDir: string, version: string): string | undefined {
  try {
    const executable = readFileSync(join(electronDir, 'path.txt'), 'utf8')
    const installed = readFileSync(join(electronDir, 'dist', 'version'), 'utf8')
      .trim()
      .replace(/^v/, '')
    const path = join(electronDir, 'dist', executable)
    return installed === version && existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

/** The platform and CPU Electron's installer downloads for, read from the same variables. */
function installTarget(version: string): ZipTarget {
  const env = process.env
  return {
    version,
    platform: env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform,
    arch: env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch,
  }
}

async function main(): Promise<number> {
  if (process.argv.includes('--help')) {
    console.log(USAGE)
    return 0
  }
  const override = process.env.ELECTRON_EXEC_PATH
  if (override) {
    if (existsSync(override)) return 0
    console.error(
      `Ads Studio cannot start: ELECTRON_EXEC_PATH is set to ${override}, which does not exist. ` +
        "Point it at an Electron executable, or unset it to use (and if need be download) Electron's own.",
    )
    return 1
  }

  const projectDir = process.cwd()
  const electron = electronPackage(projectDir)
  if (installedBinary(electron.dir, electron.version)) return 0

  const target = installTarget(electron.version)
  const url = await zipUrl(electron, target)
  const where = relative(projectDir, join(electron.dir, 'dist'))
  console.log(
    `Electron ${electron.version}'s binary is not in ${where} yet (npm ci leaves it out); ` +
      `downloading it with Electron's installer from ${url} (about 100 MB)…`,
  )
  const install = spawnSync(process.execPath, [join(electron.dir, 'install.js')], {
    cwd: electron.dir,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  })
  const installed = installedBinary(electron.dir, electron.version)
  if (install.status === 0 && installed) {
    console.log(`Electron installed: ${relative(projectDir, installed)}`)
    return 0
  }

  const firstLine = (install.error?.message ?? install.stderr ?? '').split('\n').find((line) => line.trim())
  console.error(
    '\n' +
      explainMissingZip({
        outcome: 'Ads Studio cannot start',
        missing: `Electron ${electron.version}'s binary for ${target.platform}-${target.arch} is not installed in ${where}`,
        target,
        url,
        cause: await describeDownloadFailure(firstLine ?? `the installer exited with ${install.status}`, url),
        cacheFile: await cachedZipPath(electron, url, process.env.electron_config_cache),
        otherWays: [`set ELECTRON_EXEC_PATH to an Electron ${electron.version} executable you already have`],
      }),
  )
  return 1
}

process.exit(await main())
