import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient } from '../../../src/main/api/http'
import { createBearerToken } from '../../../src/main/auth/bearer'
import { startSandbox, type Sandbox } from '../../../sandbox/index'

// 403 / code 99 against the sandbox: the message must say the cause, not always "too often".
let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: { bearerTokenCallsPerWindow: 2 } })
})
afterAll(async () => {
  await sandbox?.close()
})

const request = (consumerSecret: string) =>
  createBearerToken({
    consumerKey: sandbox.demo.consumerKey,
    consumerSecret,
    hosts: { apiUrl: sandbox.apiUrl },
    http: createHttpClient({ retry: { maxAttempts: 1 } }),
  })

describe('bearer token refusals', () => {
  it('a wrong app secret reads as wrong credentials', async () => {
    await expect(request('not-the-secret')).rejects.toMatchObject({
      code: 'bad_credentials',
      message: 'The app key or secret is wrong',
    })
  })

  it('asking too often reads as too often', async () => {
    await request(sandbox.demo.consumerSecret)
    await request(sandbox.demo.consumerSecret)
    await expect(request(sandbox.demo.consumerSecret)).rejects.toMatchObject({
      code: 'too_many_token_requests',
      message: expect.stringMatching(/requested too often/),
    })
  })
})
