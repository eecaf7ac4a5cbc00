import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import type { ServicesConfig } from '../../src/main/services'
import { createKeytarSecretStore } from '../../src/main/vault/keytarStore'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/index'
import { connectProfile, openApp, type App, type SandboxHosts } from '../integration/publish/harness'

/** No injected faults: what a test that injected some puts back after itself. */
export const NO_FAULTS = {
  errorRate: 0,
  dropAfterCommitRate: 0,
  force429: false,
  latencyMs: 0,
  pathPattern: undefined,
} as const

export interface SandboxApps {
  /** The sandbox started for this test file. */
  readonly sandbox: Sandbox
  /** A folder of this file's own, removed after it: data folders, media, list files. */
  readonly workDir: string
  /** The keychain service the apps keep their secrets under (a child process opens the same one). */
  readonly keychainService: string
  /** The sandbox's hosts, as the connect form sends them. */
  hosts(): SandboxHosts
  /**
   * The app on the data folder `<workDir>/<name>`, every call through the validating dispatcher.
   * Opened in a test, it is disposed after that test; opened in beforeAll, after the file.
   */
  open(name: string, extra?: Partial<ServicesConfig>): App
  /** Disposes an app now, as quitting it would (a restart in the test); it is not disposed again. */
  close(app: App): Promise<void>
  /** `open`, then a profile connected to the sandbox through the PIN flow. */
  connected(
    name: string,
    extra?: Partial<ServicesConfig>,
  ): Promise<{ app: App; dataDir: string; profile: Awaited<ReturnType<typeof connectProfile>> }>
}

/**
 * The arrange block of the tests that drive the app against the sandbox: a sandbox started once
 * for the file (`options` may depend on the work folder), a work folder, and apps that are
 * disposed for the test. `resetFaults` clears the faults a test injected, after each test.
 */
export function useSandboxApps(
  label: string,
  options: SandboxOptions | ((workDir: string) => SandboxOptions) = { port: 0 },
  { resetFaults = false }: { resetFaults?: boolean } = {},
): SandboxApps {
  let sandbox: Sandbox | undefined
  let workDir: string | undefined
  let inTest = false
  const openedInTest: App[] = []
  const openedForFile: App[] = []
  const keychainService = `Ads Studio ${label} ${process.pid}`

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), `ads-${label.replace(/\W+/g, '-')}-`))
    sandbox = await startSandbox(typeof options === 'function' ? options(workDir) : options)
  })
  afterAll(async () => {
    await Promise.all(openedForFile.splice(0).map((app) => app.services.dispose()))
    await sandbox?.close()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })
  beforeEach(() => {
    inTest = true
  })
  afterEach(async () => {
    inTest = false
    if (resetFaults) sandbox?.setFaults(NO_FAULTS)
    await Promise.all(openedInTest.splice(0).map((app) => app.services.dispose()))
  })

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useSandboxApps: the ${what} is there from beforeAll on`)
    return value
  }
  const apps: SandboxApps = {
    get sandbox() {
      return started(sandbox, 'sandbox')
    },
    get workDir() {
      return started(workDir, 'work folder')
    },
    keychainService,
    hosts() {
      const { apiUrl, adsUrl, adsSandboxUrl } = apps.sandbox
      return { apiUrl, adsUrl, adsSandboxUrl }
    },
    open(name, extra = {}) {
      const app = openApp(join(apps.workDir, name), createKeytarSecretStore(keychainService), extra)
      ;(inTest ? openedInTest : openedForFile).push(app)
      return app
    },
    async close(app) {
      for (const list of [openedInTest, openedForFile])
        if (list.includes(app)) list.splice(list.indexOf(app), 1)
      await app.services.dispose()
    },
    async connected(name, extra = {}) {
      const app = apps.open(name, extra)
      const profile = await connectProfile(app, apps.hosts(), apps.sandbox.demo)
      return { app, dataDir: join(apps.workDir, name), profile }
    },
  }
  return apps
}
