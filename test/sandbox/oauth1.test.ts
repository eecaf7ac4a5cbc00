import { describe, expect, it } from 'vitest'
import { verifyOAuth1 } from '../../sandbox/auth'
import type { RequestContext, Runtime } from '../../sandbox/context'
import { NO_FAULTS } from '../../sandbox/faults'
import { ReplyError } from '../../sandbox/http'
import {
  baseStringUri,
  hmacSha1Signature,
  normalizeParameters,
  parseFormPairs,
  parseOAuthHeader,
  percentEncode,
  signatureBaseString,
} from '../../sandbox/oauth1'
import { DEFAULT_LIMITS, WindowCounter } from '../../sandbox/rateLimits'
import { seedState } from '../../sandbox/seed'

const RFC = {
  consumerKey: 'dpf43f3p2l4k3l03',
  consumerSecret: 'kd94hf93k423kf44',
  token: 'nnch734d00sl2jdk',
  tokenSecret: 'pfkkdhi9sl3r4s00',
  nonce: 'kllo9940pd9333jh',
  timestamp: '1191242096',
  signature: 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=',
}

const PLATFORM = {
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  timestamp: '1318622958',
  status: 'Hello Ladies + Gentlemen, a signed OAuth request!',
  signature: 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=',
  baseString:
    'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
}

describe('signature base string and HMAC-SHA1 against published vectors', () => {
  it('reproduces the RFC 5849 §1.2 example', () => {
    const base = signatureBaseString('GET', 'http://photos.example.net/photos', [
      ['file', 'vacation.jpg'],
      ['size', 'original'],
      ['oauth_consumer_key', RFC.consumerKey],
      ['oauth_token', RFC.token],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', RFC.timestamp],
      ['oauth_nonce', RFC.nonce],
      ['oauth_version', '1.0'],
    ])
    expect(base).toBe(
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal',
    )
    expect(hmacSha1Signature(base, RFC.consumerSecret, RFC.tokenSecret)).toBe(RFC.signature)
  })

  it('reproduces the platform docs\' "creating a signature" example', () => {
    const base = signatureBaseString(
      'post',
      baseStringUri('https', 'api.twitter.com', '/1.1/statuses/update.json'),
      [
        ['status', PLATFORM.status],
        ['include_entities', 'true'],
        ['oauth_consumer_key', PLATFORM.consumerKey],
        ['oauth_nonce', PLATFORM.nonce],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_timestamp', PLATFORM.timestamp],
        ['oauth_token', PLATFORM.token],
        ['oauth_version', '1.0'],
      ],
    )
    expect(base).toBe(PLATFORM.baseString)
    expect(hmacSha1Signature(base, PLATFORM.consumerSecret, PLATFORM.tokenSecret)).toBe(PLATFORM.signature)
  })

  it('changes the signature when any input changes', () => {
    const base = signatureBaseString('GET', 'http://photos.example.net/photos', [['file', 'vacation.jpg']])
    expect(hmacSha1Signature(base, RFC.consumerSecret, RFC.tokenSecret)).not.toBe(
      hmacSha1Signature(base, RFC.consumerSecret, `${RFC.tokenSecret}x`),
    )
    expect(
      signatureBaseString('GET', 'http://photos.example.net/photos', [['file', 'vacation.png']]),
    ).not.toBe(base)
  })
})

describe('encoding rules', () => {
  it('percent-encodes everything outside RFC 3986 unreserved characters, in uppercase', () => {
    expect(percentEncode("Ladies + Gentlemen!*'()~-._")).toBe('Ladies%20%2B%20Gentlemen%21%2A%27%28%29~-._')
    expect(percentEncode('☃')).toBe('%E2%98%83')
  })

  it('sorts by encoded name, then by value for repeated names', () => {
    expect(
      normalizeParameters([
        ['b', '2'],
        ['a', 'z'],
        ['a', 'y'],
        ['a b', '1'],
      ]),
    ).toBe('a=y&a=z&a%20b=1&b=2')
  })

  it('drops only default ports from the base URI and lowercases scheme and host', () => {
    expect(baseStringUri('HTTP', 'Example.COM:80', '/r%20v')).toBe('http://example.com/r%20v')
    expect(baseStringUri('https', 'example.com:443', '/')).toBe('https://example.com/')
    expect(baseStringUri('http', '127.0.0.1:8080', '/x')).toBe('http://127.0.0.1:8080/x')
  })

  it('decodes form pairs with + as space and keeps repeated names', () => {
    expect(parseFormPairs('status=Hello+Ladies+%2B+Gentlemen&a=1&a=2&empty')).toEqual([
      ['status', 'Hello Ladies + Gentlemen'],
      ['a', '1'],
      ['a', '2'],
      ['empty', ''],
    ])
  })

  it('parses OAuth headers, rejecting malformed ones', () => {
    expect(parseOAuthHeader('OAuth realm="Photos", oauth_token="a%20b",oauth_nonce=""')).toEqual(
      new Map([
        ['realm', 'Photos'],
        ['oauth_token', 'a b'],
        ['oauth_nonce', ''],
      ]),
    )
    expect(parseOAuthHeader('OAuth oauth_token=unquoted')).toBeUndefined()
    expect(parseOAuthHeader('Bearer abc')).toBeUndefined()
  })
})

function runtimeWith(
  consumerKey: string,
  consumerSecret: string,
  token: string,
  tokenSecret: string,
): Runtime {
  const state = seedState()
  state.apps.push({
    consumerKey,
    consumerSecret,
    name: 'vector app',
    accessLevel: 'write',
    callbackUrls: [],
    ownerUserId: '1',
    signInWithPlatform: false,
  })
  state.accessTokens.push({
    token,
    secret: tokenSecret,
    consumerKey,
    userId: state.users[0]?.id ?? '',
    accessLevel: 'write',
    revoked: false,
    createdAt: 0,
  })
  return {
    state,
    limits: DEFAULT_LIMITS,
    faults: NO_FAULTS,
    counters: new WindowCounter(),
    nonces: new Map(),
    uploadBytes: new Map(),
  }
}

function context(overrides: Partial<RequestContext>): RequestContext {
  return {
    method: 'GET',
    scheme: 'http',
    path: '/',
    host: 'localhost',
    remoteAddress: '127.0.0.1',
    origin: 'http://localhost',
    headers: {},
    query: [],
    body: Buffer.alloc(0),
    contentType: '',
    form: [],
    json: undefined,
    params: {},
    routeKey: 'test',
    responseHeaders: {},
    now: 0,
    ...overrides,
  }
}

function header(pairs: Record<string, string>): string {
  return `OAuth ${Object.entries(pairs)
    .map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`)
    .join(', ')}`
}

function errorOf(run: () => unknown): { status: number; code: number } {
  try {
    run()
  } catch (error) {
    if (error instanceof ReplyError) {
      const body = JSON.parse(String(error.reply.body)) as { errors: { code: number }[] }
      return { status: error.reply.status, code: body.errors[0]?.code ?? 0 }
    }
    throw error
  }
  throw new Error('expected a rejection')
}

describe('verifyOAuth1 accepts the published vectors as whole requests', () => {
  const rfcHeader = (signature: string): string =>
    header({
      realm: 'Photos',
      oauth_consumer_key: RFC.consumerKey,
      oauth_token: RFC.token,
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: RFC.timestamp,
      oauth_nonce: RFC.nonce,
      oauth_version: '1.0',
      oauth_signature: signature,
    })
  const rfcRequest = (signature: string): RequestContext =>
    context({
      host: 'photos.example.net',
      path: '/photos',
      query: parseFormPairs('file=vacation.jpg&size=original'),
      headers: { authorization: rfcHeader(signature) },
      now: Number(RFC.timestamp) * 1000 + 30_000,
    })

  it('verifies the RFC 5849 request (query parameters, realm ignored)', () => {
    const rt = runtimeWith(RFC.consumerKey, RFC.consumerSecret, RFC.token, RFC.tokenSecret)
    expect(verifyOAuth1(rfcRequest(RFC.signature), rt, 'access').accessToken?.token).toBe(RFC.token)
  })

  it('rejects the RFC request with a tampered signature (32) and a replay of the good one', () => {
    const rt = runtimeWith(RFC.consumerKey, RFC.consumerSecret, RFC.token, RFC.tokenSecret)
    expect(errorOf(() => verifyOAuth1(rfcRequest('tR3+Ty81lMeYAr/Fid0kMTYa/WMX'), rt, 'access'))).toEqual({
      status: 401,
      code: 32,
    })
    verifyOAuth1(rfcRequest(RFC.signature), rt, 'access')
    expect(errorOf(() => verifyOAuth1(rfcRequest(RFC.signature), rt, 'access'))).toEqual({
      status: 401,
      code: 32,
    })
  })

  it('rejects the RFC request more than five minutes later (135)', () => {
    const rt = runtimeWith(RFC.consumerKey, RFC.consumerSecret, RFC.token, RFC.tokenSecret)
    const late = { ...rfcRequest(RFC.signature), now: (Number(RFC.timestamp) + 301) * 1000 }
    expect(errorOf(() => verifyOAuth1(late, rt, 'access'))).toEqual({ status: 401, code: 135 })
  })

  it('verifies the platform example (form body signed, https base URI)', () => {
    const rt = runtimeWith(
      PLATFORM.consumerKey,
      PLATFORM.consumerSecret,
      PLATFORM.token,
      PLATFORM.tokenSecret,
    )
    const request = (body: string): RequestContext =>
      context({
        method: 'POST',
        scheme: 'https',
        host: 'api.twitter.com',
        path: '/1.1/statuses/update.json',
        query: [['include_entities', 'true']],
        contentType: 'application/x-www-form-urlencoded',
        form: parseFormPairs(body),
        headers: {
          authorization: header({
            oauth_consumer_key: PLATFORM.consumerKey,
            oauth_nonce: PLATFORM.nonce,
            oauth_signature: PLATFORM.signature,
            oauth_signature_method: 'HMAC-SHA1',
            oauth_timestamp: PLATFORM.timestamp,
            oauth_token: PLATFORM.token,
            oauth_version: '1.0',
          }),
        },
        now: Number(PLATFORM.timestamp) * 1000,
      })
    expect(
      verifyOAuth1(request(`status=${percentEncode(PLATFORM.status)}`), rt, 'access').app.consumerKey,
    ).toBe(PLATFORM.consumerKey)
    expect(
      errorOf(() => verifyOAuth1(request(`status=${percentEncode(`${PLATFORM.status}?`)}`), rt, 'access')),
    ).toEqual({ status: 401, code: 32 })
  })

  it('rejects an unknown consumer key (32) and an unknown token (89)', () => {
    const rt = runtimeWith(RFC.consumerKey, RFC.consumerSecret, 'another-token', RFC.tokenSecret)
    expect(errorOf(() => verifyOAuth1(rfcRequest(RFC.signature), rt, 'access'))).toEqual({
      status: 401,
      code: 89,
    })
    const stranger = runtimeWith('someone-else', RFC.consumerSecret, RFC.token, RFC.tokenSecret)
    expect(errorOf(() => verifyOAuth1(rfcRequest(RFC.signature), stranger, 'access'))).toEqual({
      status: 401,
      code: 32,
    })
  })
})
