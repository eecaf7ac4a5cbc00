import type { IncomingMessage } from 'node:http'

export interface Reply {
  status: number
  headers?: Record<string, string>
  body?: string | Buffer
}

/** A failure that already knows its HTTP response; thrown by handlers and rendered by the server. */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.status}`)
  }
}

/**
 * Post and media ids are 64-bit and exceed Number.MAX_SAFE_INTEGER, as on the real platform.
 * Wrapping them keeps the JSON numeric (clients must read the *_str twin) without losing digits here.
 */
export class RawInteger {
  constructor(readonly digits: string) {}
  toJSON(): string {
    return `${RAW_INT_MARK}${this.digits}`
  }
}
const RAW_INT_MARK = '__sandbox_raw_int__:'
const RAW_INT_PATTERN = new RegExp(`"${RAW_INT_MARK}(\\d+)"`, 'g')

export function toJsonText(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => (key.startsWith('_') ? undefined : v)).replace(
    RAW_INT_PATTERN,
    '$1',
  )
}

export function json(status: number, value: unknown, contentType = 'application/json; charset=utf-8'): Reply {
  return { status, headers: { 'content-type': contentType }, body: toJsonText(value) }
}

export function html(status: number, text: string): Reply {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: text }
}

/** Token endpoints answer name=value pairs; the real platform labels them text/html, and so do we. */
export function formEncoded(status: number, fields: Record<string, string>): Reply {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: new URLSearchParams(fields).toString(),
  }
}

/** The platform's legacy error body: `{errors: [{code, message}]}`. */
export function legacyError(status: number, code: number, message: string): ReplyError {
  return new ReplyError(json(status, { errors: [{ code, message }] }))
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}

export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buffer = chunk as Buffer
    size += buffer.length
    if (size > maxBytes) throw legacyError(413, 324, `Request body exceeds ${maxBytes} bytes`)
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

export interface MultipartPart {
  name: string
  filename?: string
  contentType?: string
  data: Buffer
}

/** Minimal RFC 7578 parser: enough for the media upload APPEND command. */
export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const boundaryMatch = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  const boundary = boundaryMatch?.[1] ?? boundaryMatch?.[2]
  if (!boundary) throw legacyError(400, 214, 'multipart/form-data body has no boundary')
  const delimiter = Buffer.from(`--${boundary}`)
  const parts: MultipartPart[] = []
  let cursor = body.indexOf(delimiter)
  if (cursor === -1) throw legacyError(400, 214, 'multipart/form-data body has no parts')
  for (;;) {
    cursor += delimiter.length
    if (body.subarray(cursor, cursor + 2).toString() === '--') break
    const headerStart = cursor + 2 // skip CRLF after the delimiter
    const headerEnd = body.indexOf('\r\n\r\n', headerStart)
    if (headerEnd === -1) throw legacyError(400, 214, 'malformed multipart part headers')
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4)
    if (next === -1) throw legacyError(400, 214, 'multipart part is not terminated')
    const headers = body.subarray(headerStart, headerEnd).toString('utf8').split('\r\n')
    const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? ''
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1]
    if (name === undefined) throw legacyError(400, 214, 'multipart part has no name')
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1]
    const typeHeader = headers.find((h) => /^content-type:/i.test(h))
    parts.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      ...(typeHeader ? { contentType: typeHeader.replace(/^content-type:\s*/i, '') } : {}),
      data: body.subarray(headerEnd + 4, next),
    })
    cursor = next + 2
  }
  return parts
}
