import { describe, expect, it } from 'vitest'
import { decodeParams, encodeParams, percentEncode, signRequest } from '../../../src/main/api/oauth1'
import { hmacSha1Signature, signatureBaseString } from '../../../sandbox/oauth1'

function headerParams(authorization: string): Record<string, string> {
  expect(authorization.startsWith('OAuth ')).toBe(true)
  const params: Record<string, string> = {}
  for (const part of authorization.slice('OAuth '.length).split(', ')) {
    const match = /^([^=]+)="([^"]*)"$/.exec(part)
    expect(match, part).not.toBeNull()
    params[decodeURIComponent(match![1]!)] = decodeURIComponent(match![2]!)
  }
  return params
}

describe('OAuth 1.0a signing', () => {
  it('reproduces the RFC 5849 §1.2 example', () => {
    const signed = signRequest(
      { method: 'GET', url: 'http://photos.example.net/photos?file=vacation.jpg&size=original' },
      {
        consumerKey: 'dpf43f3p2l4k3l03',
        consumerSecret: 'kd94hf93k423kf44',
        token: 'nnch734d00sl2jdk',
        tokenSecret: 'pfkkdhi9sl3r4s00',
      },
      { nonce: 'kllo9940pd9333jh', timestamp: 1191242096 },
    )
    expect(signed.signature).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=')
    expect(signed.baseString).toBe(
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03' +
        '%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096' +
        '%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal',
    )
    const header = headerParams(signed.authorization)
    expect(header.oauth_signature).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=')
    // Query parameters are signed but never repeated in the header.
    expect(header.file).toBeUndefined()
  })

  it("reproduces the platform docs' 'creating a signature' example (query + form body with ! , + and spaces)", () => {
    const signed = signRequest(
      {
        method: 'post',
        url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
        form: { status: 'Hello Ladies + Gentlemen, a signed OAuth request!' },
      },
      {
        consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
        consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
        token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
        tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
      },
      { nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg', timestamp: 1318622958 },
    )
    expect(signed.signature).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=')
    expect(signed.baseString).toContain(
      'status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
    )
    expect(headerParams(signed.authorization).oauth_signature).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=')
  })

  it('signs the form body the same whether it arrives decoded or as its RFC 3986 encoding', () => {
    const credentials = { consumerKey: 'ck', consumerSecret: 'cs', token: 't', tokenSecret: 'ts' }
    const fixed = { nonce: 'abc', timestamp: 1700000000 }
    const form = { name: "Spring sale: 50% off (today)!*'", tags: ['b', 'a'] }
    const direct = signRequest({ method: 'POST', url: 'https://ads.example/12/x', form }, credentials, fixed)
    const roundTripped = signRequest(
      { method: 'POST', url: 'https://ads.example/12/x', form: decodeParams(encodeParams(form)) },
      credentials,
      fixed,
    )
    expect(roundTripped.signature).toBe(direct.signature)
    // Moving the same parameters into the query string must not change the signature either.
    const viaQuery = signRequest(
      { method: 'POST', url: `https://ads.example/12/x?${encodeParams(form)}` },
      credentials,
      fixed,
    )
    expect(viaQuery.signature).toBe(direct.signature)
  })

  it('puts extra protocol parameters such as oauth_callback in the header and the signature', () => {
    const credentials = { consumerKey: 'ck', consumerSecret: 'cs' }
    const fixed = { nonce: 'abc', timestamp: 1700000000 }
    const withCallback = signRequest(
      {
        method: 'POST',
        url: 'https://api.example/oauth/request_token',
        oauthParams: { oauth_callback: 'oob' },
      },
      credentials,
      fixed,
    )
    const without = signRequest(
      { method: 'POST', url: 'https://api.example/oauth/request_token' },
      credentials,
      fixed,
    )
    expect(headerParams(withCallback.authorization).oauth_callback).toBe('oob')
    expect(withCallback.baseString).toContain('oauth_callback%3Doob')
    expect(withCallback.signature).not.toBe(without.signature)
    expect(headerParams(without.authorization).oauth_token).toBeUndefined()
  })

  it('generates a fresh ASCII nonce and the current timestamp by default', () => {
    const credentials = { consumerKey: 'ck', consumerSecret: 'cs' }
    const a = headerParams(
      signRequest({ method: 'GET', url: 'https://api.example/x' }, credentials).authorization,
    )
    const b = headerParams(
      signRequest({ method: 'GET', url: 'https://api.example/x' }, credentials).authorization,
    )
    expect(a.oauth_nonce).toMatch(/^[A-Za-z0-9]{16,}$/)
    expect(a.oauth_nonce).not.toBe(b.oauth_nonce)
    expect(Math.abs(Number(a.oauth_timestamp) - Date.now() / 1000)).toBeLessThan(5)
  })

  it('percent-encodes per RFC 3986', () => {
    expect(percentEncode("a b+c!*'()~-._/?&=é")).toBe('a%20b%2Bc%21%2A%27%28%29~-._%2F%3F%26%3D%C3%A9')
  })

  it('signs parameters named like Object members (constructor, toString, valueOf, __proto__)', () => {
    const credentials = { consumerKey: 'ck', consumerSecret: 'cs', token: 'tk', tokenSecret: 'ts' }
    const options = { nonce: 'n0nce', timestamp: 1700000000 }
    const url =
      'https://ads.example.com/12/accounts/1/x?constructor=c1&toString=t&__proto__=p1&hasOwnProperty=h'
    const form = decodeParams('valueOf=v&constructor=c2&__proto__=p2&q=a+b')
    expect(Object.keys(form).sort()).toEqual(['__proto__', 'constructor', 'q', 'valueOf'])
    const signed = signRequest({ method: 'POST', url, form }, credentials, options)

    // Known good: the sandbox's own verifier, which works on name/value pairs.
    const pairs: [string, string][] = [
      ['constructor', 'c1'],
      ['toString', 't'],
      ['__proto__', 'p1'],
      ['hasOwnProperty', 'h'],
      ['valueOf', 'v'],
      ['constructor', 'c2'],
      ['__proto__', 'p2'],
      ['q', 'a b'],
      ['oauth_consumer_key', 'ck'],
      ['oauth_nonce', 'n0nce'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '1700000000'],
      ['oauth_token', 'tk'],
      ['oauth_version', '1.0'],
    ]
    const base = signatureBaseString('POST', 'https://ads.example.com/12/accounts/1/x', pairs)
    expect(signed.baseString).toBe(base)
    expect(signed.signature).toBe(hmacSha1Signature(base, 'cs', 'ts'))
    expect(signed.baseString).toContain('constructor%3Dc1%26constructor%3Dc2')
    expect(signed.baseString).toContain('__proto__%3Dp1%26__proto__%3Dp2')
  })

  it('decodes a lone inherited-looking name as a plain parameter', () => {
    const params = decodeParams('toString=1&valueOf=2')
    expect(params.toString).toBe('1')
    expect(params.valueOf).toBe('2')
    expect(Object.getPrototypeOf(params)).toBeNull()
  })
})
