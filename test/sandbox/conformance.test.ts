import { OAuth } from 'oauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseForm, pinFrom } from './helpers/client'
import { STARTUP_QUIET_MS, startCli } from './helpers/spawnCli'
import type { RunningCli } from './helpers/spawnCli'

/**
 * A standard OAuth 1.0a client that shares no code with the app (node-oauth) drives the sandbox
 * started exactly as `npm run sandbox -- --json` starts it.
 */
interface OAuthError {
  statusCode: number
  data?: string
}

function promisify(run: (done: (error: unknown, ...rest: unknown[]) => void) => void): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    run((error, ...rest) => (error ? reject(error as Error) : resolve(rest)))
  })
}

describe('conformance with node-oauth against npm run sandbox', () => {
  let cli: RunningCli
  beforeAll(async () => {
    cli = await startCli(['--json'])
  }, 2 * STARTUP_QUIET_MS)
  afterAll(async () => {
    await cli.stop()
  })

  it('runs the PIN flow, lists accounts, creates a component card and a poll card, revokes the token', async () => {
    const { apiUrl, adsUrl, consumerKey, consumerSecret, screenName, userId } = cli.info
    const client = new OAuth(
      `${apiUrl}/oauth/request_token`,
      `${apiUrl}/oauth/access_token`,
      consumerKey ?? '',
      consumerSecret ?? '',
      '1.0A',
      'oob',
      'HMAC-SHA1',
    )

    const [requestToken, requestSecret, requestResults] = (await promisify((done) =>
      client.getOAuthRequestToken({ platform_auth_access_type: 'write' }, done),
    )) as [string, string, Record<string, string>]
    expect(requestResults.oauth_callback_confirmed).toBe('true')

    const page = await fetch(`${apiUrl}/oauth/authorize?oauth_token=${encodeURIComponent(requestToken)}`)
    const pageHtml = await page.text()
    expect(pageHtml).toContain('Ads Studio Sandbox Demo')
    expect(pageHtml).toContain('Read and write')
    const form = parseForm(pageHtml)
    const approval = await fetch(new URL(form.action, apiUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form.fields, decision: 'allow' }).toString(),
    })
    const pin = pinFrom(await approval.text())

    const [accessToken, accessSecret, accessResults] = (await promisify((done) =>
      client.getOAuthAccessToken(requestToken, requestSecret, pin, done),
    )) as [string, string, Record<string, string>]
    expect(accessResults).toMatchObject({ user_id: userId, screen_name: screenName })

    const [accountsText] = (await promisify((done) =>
      client.get(`${adsUrl}/12/accounts`, accessToken, accessSecret, done),
    )) as [string]
    const accounts = JSON.parse(accountsText) as { data: { id: string; deleted: boolean }[] }
    expect(accounts.data).toHaveLength(2)
    const accountId = accounts.data[0]?.id ?? ''

    const [libraryText] = (await promisify((done) =>
      client.get(
        `${adsUrl}/12/accounts/${accountId}/media_library?media_type=IMAGE&q=1200x628`,
        accessToken,
        accessSecret,
        done,
      ),
    )) as [string]
    const mediaKey = (JSON.parse(libraryText) as { data: { media_key: string }[] }).data[0]?.media_key ?? ''

    const cardBody = JSON.stringify({
      name: 'node-oauth website card',
      components: [
        { type: 'MEDIA', media_key: mediaKey },
        {
          type: 'DETAILS',
          title: 'Hello from node-oauth',
          destination: { type: 'WEBSITE', url: 'https://example.com/' },
        },
      ],
    })
    const [cardText] = (await promisify((done) =>
      client.post(
        `${adsUrl}/12/accounts/${accountId}/cards`,
        accessToken,
        accessSecret,
        cardBody,
        'application/json',
        done,
      ),
    )) as [string]
    const card = (JSON.parse(cardText) as { data: { card_type: string; card_uri: string } }).data
    expect(card.card_type).toBe('IMAGE_WEBSITE')
    expect(card.card_uri).toMatch(/^card:\/\/\d+$/)

    const [pollText] = (await promisify((done) =>
      client.post(
        `${adsUrl}/12/accounts/${accountId}/cards/poll`,
        accessToken,
        accessSecret,
        {
          name: 'node-oauth poll (signed form body)',
          duration_in_minutes: '60',
          first_choice: 'Yes!',
          second_choice: 'No (really)',
        },
        undefined,
        done,
      ),
    )) as [string]
    const poll = (JSON.parse(pollText) as { data: { card_type: string; second_choice: string } }).data
    expect(poll).toMatchObject({ card_type: 'TEXT_POLLS', second_choice: 'No (really)' })

    const [revokedText] = (await promisify((done) =>
      client.post(
        `${apiUrl}/1.1/oauth/invalidate_token.json`,
        accessToken,
        accessSecret,
        undefined,
        undefined,
        done,
      ),
    )) as [string]
    expect(JSON.parse(revokedText)).toEqual({ access_token: accessToken })

    const failure = await promisify((done) =>
      client.get(`${adsUrl}/12/accounts`, accessToken, accessSecret, done),
    ).then(
      () => undefined,
      (error: OAuthError) => error,
    )
    expect(failure?.statusCode).toBe(401)
    expect(JSON.parse(failure?.data ?? '{}')).toEqual({ errors: [{ code: 89, message: expect.any(String) }] })
  })

  it('prints exactly one JSON line with the documented keys', () => {
    expect(Object.keys(cli.info).sort()).toEqual([
      'adsSandboxUrl',
      'adsUrl',
      'apiUrl',
      'consumerKey',
      'consumerSecret',
      'screenName',
      'userId',
    ])
    expect(cli.info.adsUrl).toBe(`${cli.info.apiUrl}/ads`)
    expect(cli.info.adsSandboxUrl).toBe(`${cli.info.apiUrl}/ads-sandbox`)
  })
})
