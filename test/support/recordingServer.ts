import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as it reached the server: everything a secret could travel in. */
export interface RecordedRequest {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface RecordingServer {
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

export type Responder = (request: RecordedRequest) => { status: number; contentType?: string; body: string }

/**
 * A stand-in for a host the app should not trust (or a wrong URL): it records every request and
 * answers with whatever `respond` says, so a test can see exactly what reached it.
 */
export async function startRecordingServer(respond: Responder): Promise<RecordingServer> {
  const requests: RecordedRequest[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: { ...req.headers },
        body: Buffer.concat(chunks).toString('latin1'),
      }
      requests.push(recorded)
      const answer = respond(recorded)
      res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' })
      res.end(answer.body)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** Answers like a platform that accepts anything: the worst case for a leak. */
export const acceptEverything: Responder = (request) => {
  const path = request.url.split('?')[0] ?? ''
  if (path.endsWith('/oauth/request_token'))
    return {
      status: 200,
      contentType: 'application/x-www-form-urlencoded',
      body: 'oauth_token=planted&oauth_token_secret=planted-secret&oauth_callback_confirmed=true',
    }
  if (path.endsWith('/oauth2/token'))
    return { status: 200, body: '{"token_type":"bearer","access_token":"planted-bearer"}' }
  return { status: 200, body: '{"data":[],"next_cursor":null,"request":{"params":{}}}' }
}
