import { describe, expect, it, vi } from 'vitest'
import type { HttpClient } from '../../../src/main/api/http'
import { createLibraryService } from '../../../src/main/library/libraryService'
import type { WithAdsContext } from '../../../src/main/session/session'
import type { Environment, ProfileSummary } from '../../../src/shared/profiles'

function serviceFor(environment: Environment, send: HttpClient['send']) {
  const profile = { id: 'p', environment } as ProfileSummary
  const http = { send, exchange: send, clockOffsetMs: () => 0 } as HttpClient
  const withAdsContext: WithAdsContext = (_profileId, work) =>
    work({
      profile,
      http,
      hosts: {
        apiUrl: 'https://api.test',
        adsUrl: 'https://ads.test',
        adsSandboxUrl: 'https://sandbox.test',
      },
      credentials: { consumerKey: 'k', consumerSecret: 's', token: 't', tokenSecret: 'ts' },
    })
  return createLibraryService({ withAdsContext })
}

const answer = (data: unknown) => ({ status: 200, headers: {}, text: '', json: { data, request: {} } })

describe('createSandboxAccount', () => {
  it('posts to the sandbox host for sandbox profiles and refuses production ones without a request', async () => {
    const send = vi.fn(async () => answer({ id: 'acc1', name: 'Sandbox account acc1' }))
    expect(await serviceFor('local_sandbox', send).createSandboxAccount('p')).toEqual({
      id: 'acc1',
      name: 'Sandbox account acc1',
    })
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'POST', url: 'https://sandbox.test/12/accounts' }),
    )

    const none = vi.fn(async () => answer({}))
    await expect(serviceFor('production', none).createSandboxAccount('p')).rejects.toMatchObject({
      code: 'invalid_input',
    })
    expect(none).not.toHaveBeenCalled()
  })
})

describe('thumbnail', () => {
  it('fetches only the URL the library gave for that key, and nothing for a video without a poster', async () => {
    const send = vi.fn(async () =>
      answer([{ media_key: '7_1', media_type: 'VIDEO', media_url: 'https://cdn/v.mp4' }]),
    )
    const service = serviceFor('production', send)
    await service.listMedia('p', 'acc', {})
    expect(await service.thumbnail('p', 'acc', '7_1')).toEqual({})
    expect(send).toHaveBeenCalledTimes(1)
  })
})
