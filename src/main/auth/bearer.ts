import { z } from 'zod'
import { AppFailure, appError } from '../../shared/errors'
import { MESSAGES } from '../api/errors'
import { createHttpClient } from '../api/http'
import { percentEncode } from '../api/oauth1'
import { signedAsUser, type AppCredentials, type UserTokenInput } from './pinFlow'
import type { ApiHosts } from '../api/hosts'
import type { HttpClient } from '../api/http'

/** App-only bearer token: create (or get back the outstanding one) and revoke. */

const bearerSchema = z.object({ token_type: z.string(), access_token: z.string().min(1) })

export interface CreateBearerInput extends AppCredentials {
  hosts: Pick<ApiHosts, 'apiUrl'>
  http?: HttpClient
}

export async function createBearerToken(input: CreateBearerInput): Promise<{ bearerToken: string }> {
  const http = input.http ?? createHttpClient()
  const response = await http.send({
    method: 'POST',
    url: `${input.hosts.apiUrl}/oauth2/token`,
    body: {
      kind: 'form',
      fields: { grant_type: 'client_credentials' },
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
    },
    // RFC 6749 §2.3.1: key and secret are form-encoded before being joined and base64-encoded.
    auth: {
      kind: 'basic',
      username: percentEncode(input.consumerKey),
      password: percentEncode(input.consumerSecret),
    },
  })
  const parsed = bearerSchema.safeParse(response.json)
  if (!parsed.success || parsed.data.token_type.toLowerCase() !== 'bearer') {
    throw new AppFailure(appError('unexpected_response', MESSAGES.unexpected_response))
  }
  return { bearerToken: parsed.data.access_token }
}

/** Signed with the app owner's user token, as the spec requires. */
export async function invalidateBearerToken(
  input: UserTokenInput & { bearerToken: string },
): Promise<{ revoked: true }> {
  const http = input.http ?? createHttpClient()
  await http.send({
    method: 'POST',
    url: `${input.hosts.apiUrl}/oauth2/invalidate_token`,
    query: { access_token: input.bearerToken },
    secrets: [input.bearerToken],
    auth: signedAsUser(input),
  })
  return { revoked: true }
}
