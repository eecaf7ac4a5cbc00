import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Arch, build, Packager, Platform, type Configuration } from 'electron-builder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The installer configuration (electron-builder.yml and package.json's metadata), checked with
 * electron-builder's own config loader and JSON schema: the same Packager.validateConfig() that
 * `npm run dist` runs first; and every Linux target's final options as electron-builder computes
 * them right before it runs the installer tool. Packaging itself needs the Electron zip, which
 * these machines cannot download; the E2E suite packs the Linux app directory against a stand-in
 * Electron (test/e2e/packaging.e2e.ts).
 */

const projectDir = resolve('.')

async function loadConfig(overrides?: Configuration): Promise<Configuration> {
  const packager = new Packager({ projectDir, ...(overrides ? { config: overrides } : {}) })
  await packager.validateConfig()
  return packager.config
}

/** Width and height from a PNG's IHDR chunk. */
async function pngSize(path: string): Promise<{ width: number; height: number }> {
  const bytes = await readFile(path)
  expect(bytes.subarray(1, 4).toString('latin1'), `${path} is a PNG`).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

function targetNames(targets: unknown): string[] {
  return (Array.isArray(targets) ? targets : [targets]).map((target) =>
    typeof target === 'string' ? target : (target as { target: string }).target,
  )
}

describe('the installer configuration', () => {
  it("passes electron-builder's own loader and schema", async () => {
    const config = await loadConfig()
    expect(config.appId).toBe('com.adsstudio.desktop')
    expect(config.productName).toBe('Ads Studio')
    expect(config.asar).toBe(true)
  })

  it('is really checked: a misspelled option is refused by the same validator', async () => {
    await expect(
      loadConfig({ electronFuses: { runAsNod: false } } as unknown as Configuration),
    ).rejects.toThrow(/does not match the API schema/)
    await expect(loadConfig({ mac: { hardenedRuntim: true } } as unknown as Configuration)).rejects.toThrow(
      /does not match the API schema/,
    )
  })

  it('builds an AppImage and a deb on Linux, a dmg on macOS and an NSIS installer on Windows', async () => {
    const config = await loadConfig()
    expect(targetNames(config.linux?.target)).toEqual(['AppImage', 'deb'])
    expect(targetNames(config.mac?.target)).toEqual(['dmg'])
    expect(targetNames(config.win?.target)).toEqual(['nsis'])
    // deb refuses to build without a maintainer.
    expect(config.linux?.maintainer).toMatch(/<.+@.+>/)
  })

  it('names no CPU in any target: a run packages for one CPU, the one its keytar was built for', async () => {
    const config = await loadConfig()
    // A target with `arch: [arm64, x64]` made both dmgs in one run, one of them with the other CPU's keytar.
    for (const targets of [config.linux?.target, config.mac?.target, config.win?.target])
      for (const target of Array.isArray(targets) ? targets : [targets])
        expect(
          typeof target === 'string' || (target as { arch?: unknown }).arch === undefined,
          JSON.stringify(target),
        ).toBe(true)
  })

  it('signs macOS builds with the hardened runtime and entitlements that allow V8 to JIT', async () => {
    const config = await loadConfig()
    expect(config.mac?.hardenedRuntime).toBe(true)
    for (const file of [config.mac?.entitlements, config.mac?.entitlementsInherit]) {
      expect(file).toBe('resources/entitlements.mac.plist')
      const plist = await readFile(resolve(file ?? ''), 'utf8')
      expect(plist).toMatch(/<key>com\.apple\.security\.cs\.allow-jit<\/key>\s*<true\/>/)
      // A keychain-access-groups entry without the team prefix would stop the app from launching.
      expect(plist).not.toMatch(/<key>keychain-access-groups<\/key>/)
    }
  })

  it('takes every icon from resources/, large enough for each system', async () => {
    const config = await loadConfig()
    expect(config.directories?.buildResources).toBe('resources')
    for (const icon of [config.mac?.icon, config.win?.icon, config.linux?.icon]) {
      expect(icon).toMatch(/^resources\//)
      // macOS needs 512 px at least (1024 for Retina); electron-builder derives .icns and .ico from it.
      expect(await pngSize(resolve(icon ?? ''))).toEqual({ width: 1024, height: 1024 })
    }
  })

  it('flips the Electron fuses at packaging time', async () => {
    const config = await loadConfig()
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
      resetAdHocDarwinSignature: true,
    })
  })

  it('keeps keytar out of the asar and rebuilds nothing (keytar is N-API)', async () => {
    const config = await loadConfig()
    expect(config.asarUnpack).toEqual(['**/node_modules/keytar/**'])
    expect(config.npmRebuild).toBe(false)
    const keytar = JSON.parse(await readFile(resolve('node_modules/keytar/package.json'), 'utf8')) as {
      binary?: { napi_versions?: number[] }
    }
    expect(keytar.binary?.napi_versions?.length, 'keytar ships N-API builds').toBeGreaterThan(0)
  })

  it('has `npm run dist` (checks, build, package) and one macOS script per CPU', async () => {
    const pkg = JSON.parse(await readFile(resolve('package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(pkg.scripts.dist).toBe('tsx scripts/dist.ts')
    expect(pkg.scripts['dist:mac:arm64']).toBe('tsx scripts/dist.ts --mac --arm64')
    expect(pkg.scripts['dist:mac:x64']).toBe('tsx scripts/dist.ts --mac --x64')
    expect((await stat(resolve('electron-builder.yml'))).isFile()).toBe(true)
  })
})

interface LinuxTargetOptions {
  appImage: { desktop: string; desktopFileName: string }
  deb: { args: string[]; desktopEntry: string }
}

/**
 * Every Linux target's final options, taken from electron-builder's effectiveOptionComputed hook
 * right before it would run the AppImage tool or fpm, from a stand-in app directory (prepackaged):
 * offline and without a build, but through the same target code that refused to make the deb
 * when package.json had no homepage.
 */
async function linuxTargetOptions(workDir: string): Promise<LinuxTargetOptions> {
  const appDir = join(workDir, 'linux-unpacked')
  await mkdir(join(appDir, 'resources'), { recursive: true })
  await writeFile(join(appDir, 'ads-studio'), '#!/bin/sh\n# stand-in for the packed app\n')
  await chmod(join(appDir, 'ads-studio'), 0o755)
  const config = await loadConfig()
  const found: Partial<LinuxTargetOptions> = {}
  await build({
    projectDir,
    targets: Platform.LINUX.createTarget(targetNames(config.linux?.target), Arch.x64),
    publish: 'never',
    prepackaged: appDir,
    config: { directories: { output: join(workDir, 'dist') } },
    effectiveOptionComputed: async (options: unknown) => {
      if (Array.isArray(options)) {
        const [args, desktopFile] = options as [string[], string]
        found.deb = { args, desktopEntry: await readFile(desktopFile, 'utf8') }
      } else found.appImage = options as LinuxTargetOptions['appImage']
      return true // stop before the installer tool, which would be downloaded
    },
  })
  if (!found.appImage || !found.deb) throw new Error(`a Linux target was not computed: ${Object.keys(found)}`)
  return found as LinuxTargetOptions
}

/** The value after a flag in fpm's arguments. */
const flag = (args: string[], name: string) => args[args.indexOf(name) + 1]

describe("every Linux target's final options", { timeout: 180_000 }, () => {
  let workDir: string
  let options: LinuxTargetOptions
  let pkg: { homepage: string; desktopName: string; description: string }
  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'ads-studio-linux-targets-'))
    pkg = JSON.parse(await readFile(resolve('package.json'), 'utf8')) as typeof pkg
    options = await linuxTargetOptions(workDir)
  }, 180_000)
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  it('gives the deb its name, maintainer, homepage and architecture', () => {
    const { args } = options.deb
    expect(flag(args, '--name')).toBe('ads-studio')
    expect(flag(args, '--maintainer')).toMatch(/^Ads Studio <.+@.+>$/)
    expect(flag(args, '--url')).toBe(pkg.homepage)
    expect(flag(args, '--architecture')).toBe('amd64')
    expect(flag(args, '--package')).toMatch(/\/ads-studio_0\.1\.0_amd64\.deb$/)
    expect(args.some((arg) => arg.endsWith('=/opt/Ads Studio'))).toBe(true)
  })

  it("installs the launcher under package.json's desktopName, matching the window's app id", () => {
    const desktopName = pkg.desktopName.replace(/\.desktop$/, '')
    expect(desktopName).toBe('ads-studio')
    expect(options.deb.args.some((arg) => arg.endsWith(`=/usr/share/applications/${pkg.desktopName}`))).toBe(
      true,
    )
    expect(options.appImage.desktopFileName).toBe(pkg.desktopName)
    for (const entry of [options.deb.desktopEntry, options.appImage.desktop]) {
      expect(entry).toContain('Name=Ads Studio\n')
      // Electron uses desktopName as the window's app id (WM_CLASS): the desktop links them by it.
      expect(entry).toContain(`StartupWMClass=${desktopName}\n`)
      expect(entry).toContain('Categories=Graphics;\n')
      expect(entry).toContain(`Comment=${pkg.description}\n`)
    }
  })
})
