import { readFile, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { Packager, type Configuration } from 'electron-builder'
import { describe, expect, it } from 'vitest'

/**
 * The installer configuration (electron-builder.yml), checked with electron-builder's own config
 * loader and JSON schema: the same Packager.validateConfig() that `npm run dist` runs first.
 * Packaging itself needs the Electron zip, which these machines cannot download; the E2E suite
 * packs the Linux app directory against a stand-in Electron (test/e2e/packaging.e2e.ts).
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

  it('has `npm run dist`, which builds the app before packaging it', async () => {
    const pkg = JSON.parse(await readFile(resolve('package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(pkg.scripts.dist).toBe('electron-vite build && electron-builder --publish never')
    expect((await stat(resolve('electron-builder.yml'))).isFile()).toBe(true)
  })
})
