import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox/index'
import { listAccounts } from '../../../src/main/api/ads'
import type { AdsContext } from '../../../src/main/api/adsRequest'
import { resolveHosts } from '../../../src/main/api/hosts'
import type { ApiHosts } from '../../../src/main/api/hosts'
import { createHttpClient } from '../../../src/main/api/http'
import { exchangePin, invalidateToken, requestToken } from '../../../src/main/auth/pinFlow'
import { AppFailure } from '../../../src/shared/errors'
import { approveInBrowser } from '../../support/authorizePage'

/**
 * The whole PIN flow against the local sandbox, through its browser page: request token,
 * approve on the authorize page, read the PIN, exchange it, make a signed ads call, revoke, and
 * see the next call fail as token_expired.
 */

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
let hosts: ApiHosts

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  hosts = resolveHosts(
    { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl },
    {},
  )
})
afterAll(async () => {
  await sandbox?.close()
})

describe('PIN flow against the sandbox', () => {
  it('authorizes through the page, calls the ads API, revokes, and then gets token_expired', async () => {
    const http = createHttpClient({ timeoutMs: 5_000 })
    const { consumerKey, consumerSecret } = sandbox.demo

    const pending = await requestToken({ hosts, http, consumerKey, consumerSecret, accessType: 'write' })
    expect(pending.authorizeUrl.startsWith(`${hosts.apiUrl}/oauth/authorize?oauth_token=`)).toBe(true)

    const pin = await approveInBrowser(pending.authorizeUrl)
    expect(pin).toMatch(/^[0-9]+$/)

    const access = await exchangePin({
      hosts,
      http,
      consumerKey,
      consumerSecret,
      oauthToken: pending.oauthToken,
      oauthTokenSecret: pending.oauthTokenSecret,
      pin: ` ${pin} `,
    })
    expect(access.screenName).toBe(sandbox.demo.screenName)
    expect(access.userId).toBe(String(sandbox.demo.userId))

    const ctx: AdsContext = {
      http,
      hosts,
      credentials: {
        consumerKey,
        consumerSecret,
        token: access.accessToken,
        tokenSecret: access.accessTokenSecret,
      },
    }
    const accounts = await listAccounts(ctx)
    expect(accounts.data.map((account) => account.id)).toEqual(
      expect.arrayContaining([...sandbox.demo.accountIds]),
    )

    await invalidateToken({ hosts, http, consumerKey, consumerSecret, ...access })

    const failure = await listAccounts(ctx).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(AppFailure)
    expect((failure as AppFailure).toAppError()).toEqual({
      code: 'token_expired',
      message: 'Your access was revoked — authorize again',
    })
  })

  it('refuses to exchange a PIN the user never saw', async () => {
    const { consumerKey, consumerSecret } = sandbox.demo
    const pending = await requestToken({ hosts, consumerKey, consumerSecret, accessType: 'read' })
    await expect(
      exchangePin({ hosts, consumerKey, consumerSecret, ...pending, pin: '0000000' }),
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'pin' })
  })

  it('reports a wrong app secret as bad_credentials', async () => {
    await expect(
      requestToken({
        hosts,
        consumerKey: sandbox.demo.consumerKey,
        consumerSecret: 'not-the-secret',
        accessType: 'read',
      }),
    ).rejects.toMatchObject({ code: 'bad_credentials', message: 'The app key or secret is wrong' })
  })
})
