import { ReplyError, json } from '../http'

/**
 * Failures of the newer API (/2): RFC 7807 problem objects (title, type, detail, status) inside
 * `errors`, as the spec's webhook deletion response shows. `parameter` is an extension member
 * naming the request field a problem is about, so a client can mark that field.
 */
export const PROBLEM_BASE = 'https://api.platform.example/2/problems'

export interface Problem {
  title: string
  type: string
  detail: string
  status: number
  parameter?: string
}

export function problemOf(
  status: number,
  slug: string,
  title: string,
  detail: string,
  parameter?: string,
): Problem {
  return { title, type: `${PROBLEM_BASE}/${slug}`, detail, status, ...(parameter ? { parameter } : {}) }
}

export function problemReply(status: number, problems: Problem[]): ReplyError {
  return new ReplyError(json(status, { errors: problems }, 'application/problem+json'))
}

export function problem(status: number, slug: string, title: string, detail: string): ReplyError {
  return problemReply(status, [problemOf(status, slug, title, detail)])
}

/** One 400 naming every invalid field of a request. */
export function invalidRequest(issues: { parameter: string; detail: string }[]): ReplyError {
  return problemReply(
    400,
    issues.map((issue) =>
      problemOf(400, 'invalid-request', 'Invalid Request', issue.detail, issue.parameter),
    ),
  )
}

/** 403: a well-formed request the caller may not make (not their post, no subscription, too late). */
export function forbidden(detail: string, parameter?: string): ReplyError {
  return problemReply(403, [problemOf(403, 'not-authorized-for-resource', 'Forbidden', detail, parameter)])
}
