import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox/index'
import type { Sandbox } from '../../../sandbox/index'
import type { MirrorKindStatus } from '../../../src/shared/ipc/contracts/mirror'
import { openConnectedApp } from '../library/connectedApp'
import type { ConnectedApp } from '../library/connectedApp'

/** With mirrorOnConnect (as the app runs), connecting and choosing an account get recent changes. */

let sandbox: Sandbox
let app: ConnectedApp

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  app = await openConnectedApp(sandbox, {
    keychainService: `Ads Studio mirror on connect ${process.pid}`,
    config: { mirrorOnConnect: true },
  })
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})

const mirrored = async (accountId: string): Promise<boolean> => {
  const { kinds } = await app.call<{ kinds: MirrorKindStatus[] }>('mirror.status', {
    profileId: app.profile.id,
    accountId,
  })
  return kinds.every((kind) => kind.asOf !== null)
}

describe('the mirror on connect', () => {
  it('walks the account in use after connecting, and another after choosing it', async () => {
    const [main, second] = sandbox.demo.accountIds as [string, string]
    expect(app.profile.activeAccountId).toBe(main)
    await expect.poll(() => mirrored(main), { timeout: 60_000 }).toBe(true)
    expect(await mirrored(second)).toBe(false)
    await app.call('accounts.select', { profileId: app.profile.id, accountId: second })
    await expect.poll(() => mirrored(second), { timeout: 60_000 }).toBe(true)
  })
})
