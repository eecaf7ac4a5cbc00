import { createHmac } from 'node:crypto'
import OAuth from 'oauth-1.0a'
import type { Sandbox } from '../../../sandbox/index'
import { placeholderPng } from '../../../sandbox/media'

/**
 * Test client for the sandbox's own tests. It signs with the `oauth-1.0a` package, not with the
 * sandbox's verifier code, so a shared mistake cannot make both sides agree.
 */
export interface Credentials {
  consumerKey: string
  consumerSecret: string
  token?: string
  tokenSecret?: string
}

export interface SignedRequest {
  method?: string
  url: string
  /** Query parameters; they are signed. */
  query?: Record<string, string>
  /** application/x-www-form-urlencoded body; signed. */
  form?: Record<string, string>
  /** JSON body; not signed (RFC 5849 covers form bodies only). */
  json?: unknown
  /** Raw body with its content type; not signed. */
  body?: { contentType: string; data: string | Buffer | FormData }
  /** Extra protocol parameters for the Authorization header (e.g. oauth_callback); signed. */
  protocol?: Record<string, string>
  timestamp?: number
  nonce?: string
  headers?: Record<string, string>
}

export interface ApiResponse<T = unknown> {
  status: number
  headers: Headers
  text: string
  body: T
}

function encodeQuery(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&')
}

export function signedHeader(credentials: Credentials, request: SignedRequest, fullUrl: string): string {
  const oauth = new OAuth({
    consumer: { key: credentials.consumerKey, secret: credentials.consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  })
  if (request.timestamp !== undefined) {
    const fixed = request.timestamp
    oauth.getTimeStamp = () => fixed
  }
  if (request.nonce !== undefined) {
    const fixed = request.nonce
    oauth.getNonce = () => fixed
  }
  const token = credentials.token
    ? { key: credentials.token, secret: credentials.tokenSecret ?? '' }
    : undefined
  const data = oauth.authorize(
    { url: fullUrl, method: request.method ?? 'GET', data: { ...request.form, ...request.protocol } },
    token,
  )
  return oauth.toHeader({ ...data, ...request.protocol }).Authorization
}

export async function call<T = Record<string, unknown>>(
  credentials: Credentials | undefined,
  request: SignedRequest,
): Promise<ApiResponse<T>> {
  const fullUrl =
    request.query && Object.keys(request.query).length > 0
      ? `${request.url}?${encodeQuery(request.query)}`
      : request.url
  const headers: Record<string, string> = { ...request.headers }
  if (credentials) headers.authorization = signedHeader(credentials, request, fullUrl)
  let body: string | Uint8Array<ArrayBuffer> | FormData | undefined
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = encodeQuery(request.form)
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(request.json)
  } else if (request.body) {
    if (!(request.body.data instanceof FormData)) headers['content-type'] = request.body.contentType
    const data = request.body.data
    // fetch's DOM typing wants bytes over a plain ArrayBuffer; a Buffer may sit on a shared pool.
    body = Buffer.isBuffer(data) ? new Uint8Array(data) : data
  }
  const response = await fetch(fullUrl, {
    method: request.method ?? 'GET',
    headers,
    body,
    redirect: 'manual',
  })
  const text = await response.text()
  let parsed: unknown = text
  if ((response.headers.get('content-type') ?? '').includes('json'))
    parsed = text ? JSON.parse(text) : undefined
  return { status: response.status, headers: response.headers, text, body: parsed as T }
}

export function demoApp(sandbox: Sandbox): Credentials {
  return { consumerKey: sandbox.demo.consumerKey, consumerSecret: sandbox.demo.consumerSecret }
}

export interface FormSpec {
  action: string
  fields: Record<string, string>
}

/** Reads the approval form of the authorize page the way a browser would submit it. */
export function parseForm(html: string): FormSpec {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
  if (!action) throw new Error('no form on the page')
  const fields: Record<string, string> = {}
  for (const input of html.matchAll(/<input([^>]*)>/g)) {
    const attributes = input[1] ?? ''
    const name = /name="([^"]+)"/.exec(attributes)?.[1]
    const value = /value="([^"]*)"/.exec(attributes)?.[1] ?? ''
    if (name) fields[name] = value.replace(/&amp;/g, '&').replace(/&quot;/g, '"')
  }
  return { action, fields }
}

export async function requestToken(
  sandbox: Sandbox,
  options: { callback?: string; access?: 'read' | 'write' } = {},
): Promise<{ token: string; secret: string }> {
  const response = await call(demoApp(sandbox), {
    method: 'POST',
    url: `${sandbox.apiUrl}/oauth/request_token`,
    protocol: { oauth_callback: options.callback ?? 'oob' },
    ...(options.access ? { form: { platform_auth_access_type: options.access } } : {}),
  })
  if (response.status !== 200) throw new Error(`request_token failed: ${response.status} ${response.text}`)
  const params = new URLSearchParams(response.text)
  return { token: params.get('oauth_token') ?? '', secret: params.get('oauth_token_secret') ?? '' }
}

/** Submits the approval form; returns the raw response (PIN page or redirect). */
export async function approve(
  sandbox: Sandbox,
  requestTokenValue: string,
  extra: Record<string, string> = {},
  path = 'authorize',
): Promise<Response> {
  const page = await fetch(
    `${sandbox.apiUrl}/oauth/${path}?oauth_token=${encodeURIComponent(requestTokenValue)}`,
  )
  const form = parseForm(await page.text())
  return fetch(new URL(form.action, sandbox.apiUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, decision: 'allow', ...extra }).toString(),
    redirect: 'manual',
  })
}

export function pinFrom(html: string): string {
  const pin = /id="oauth_pin">(\d+)</.exec(html)?.[1]
  if (!pin) throw new Error(`no PIN on the page: ${html.slice(0, 200)}`)
  return pin
}

export interface UserTokens extends Credentials {
  token: string
  tokenSecret: string
  userId: string
  screenName: string
}

/** The whole PIN flow: request token, approval page, access token. */
export async function authorizeDemoUser(
  sandbox: Sandbox,
  access: 'read' | 'write' = 'write',
  login?: { username: string },
): Promise<UserTokens> {
  const request = await requestToken(sandbox, { access })
  const extra: Record<string, string> = login
    ? { 'session[username_or_email]': login.username, 'session[password]': 'pw', force_login: 'true' }
    : {}
  const approval = await approve(sandbox, request.token, extra)
  const pin = pinFrom(await approval.text())
  const response = await call(
    { ...demoApp(sandbox), token: request.token, tokenSecret: request.secret },
    { method: 'POST', url: `${sandbox.apiUrl}/oauth/access_token`, protocol: { oauth_verifier: pin } },
  )
  if (response.status !== 200) throw new Error(`access_token failed: ${response.status} ${response.text}`)
  const params = new URLSearchParams(response.text)
  return {
    ...demoApp(sandbox),
    token: params.get('oauth_token') ?? '',
    tokenSecret: params.get('oauth_token_secret') ?? '',
    userId: params.get('user_id') ?? '',
    screenName: params.get('screen_name') ?? '',
  }
}

export function pngOf(width: number, height: number): Buffer {
  return placeholderPng(width, height, `${width}x${height}`)
}

export function gifOf(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(32)
  bytes.write('GIF89a', 0, 'ascii')
  bytes.writeUInt16LE(width, 6)
  bytes.writeUInt16LE(height, 8)
  return bytes
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length + 8, 0)
  head.write(type, 4, 'ascii')
  return Buffer.concat([head, body])
}

/** A structurally valid MP4 container (ftyp + moov/mvhd + trak/tkhd) with the given metadata. */
export function mp4Of(width: number, height: number, durationMs: number): Buffer {
  const mvhd = Buffer.alloc(100)
  mvhd.writeUInt32BE(1000, 12)
  mvhd.writeUInt32BE(durationMs, 16)
  const tkhd = Buffer.alloc(84)
  tkhd.writeUInt32BE(width * 65536, 76)
  tkhd.writeUInt32BE(height * 65536, 80)
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\0\0isomavc1', 'latin1')),
    box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd))),
    box('mdat', Buffer.alloc(256, 7)),
  ])
}

export interface UploadResult {
  mediaId: string
  mediaKey: string
}

export interface ProcessingInfo {
  state: string
  check_after_secs?: number
  progress_percent?: number
}

/**
 * The chunked upload up to FINALIZE, segments sent as multipart `media` parts; returns FINALIZE's
 * processing_info (absent for media that are ready at once).
 */
export async function uploadUntilFinalized(
  sandbox: Sandbox,
  user: Credentials,
  bytes: Buffer,
  mediaType: string,
  category?: string,
  chunkSize = 64 * 1024,
): Promise<UploadResult & { processingInfo?: ProcessingInfo }> {
  const url = `${sandbox.apiUrl}/1.1/media/upload.json`
  const init = await call<{ media_id_string: string; media_key: string }>(user, {
    method: 'POST',
    url,
    form: {
      command: 'INIT',
      total_bytes: String(bytes.length),
      media_type: mediaType,
      ...(category ? { media_category: category } : {}),
    },
  })
  if (init.status !== 202) throw new Error(`INIT failed: ${init.status} ${init.text}`)
  const mediaId = init.body.media_id_string
  for (let offset = 0, index = 0; offset < bytes.length; offset += chunkSize, index += 1) {
    const form = new FormData()
    form.append('command', 'APPEND')
    form.append('media_id', mediaId)
    form.append('segment_index', String(index))
    form.append('media', new Blob([new Uint8Array(bytes.subarray(offset, offset + chunkSize))]), 'chunk')
    const append = await call(user, {
      method: 'POST',
      url,
      body: { contentType: 'multipart/form-data', data: form },
    })
    if (append.status !== 204) throw new Error(`APPEND failed: ${append.status} ${append.text}`)
  }
  const finalize = await call<{ processing_info?: ProcessingInfo }>(user, {
    method: 'POST',
    url,
    form: { command: 'FINALIZE', media_id: mediaId },
  })
  if (finalize.status !== 201) throw new Error(`FINALIZE failed: ${finalize.status} ${finalize.text}`)
  const info = finalize.body.processing_info
  return { mediaId, mediaKey: init.body.media_key, ...(info ? { processingInfo: info } : {}) }
}

/** STATUS of an upload: its processing_info (absent for media that were ready at once). */
export async function uploadStatus(
  sandbox: Sandbox,
  user: Credentials,
  mediaId: string,
): Promise<ProcessingInfo | undefined> {
  const status = await call<{ processing_info?: ProcessingInfo }>(user, {
    url: `${sandbox.apiUrl}/1.1/media/upload.json`,
    query: { command: 'STATUS', media_id: mediaId },
  })
  return status.body.processing_info
}

/** The chunked upload; waits for processing (videos, post_gif GIFs) to end. */
export async function upload(...args: Parameters<typeof uploadUntilFinalized>): Promise<UploadResult> {
  const [sandbox, user] = args
  const { mediaId, mediaKey, processingInfo } = await uploadUntilFinalized(...args)
  let info = processingInfo
  while (info && info.state !== 'succeeded' && info.state !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 25))
    info = await uploadStatus(sandbox, user, mediaId)
  }
  return { mediaId, mediaKey }
}
