import type { Issue, IssuePath } from '../../../src/shared/rules'
import { pathKey } from '../../../src/shared/rules'

export function errorsOf(issues: readonly Issue[]): Issue[] {
  return issues.filter((issue) => issue.severity === 'error')
}

/** 'code@path' for each error, e.g. 'too_long@name', for compact assertions. */
export function errorKeys(issues: readonly Issue[]): string[] {
  return errorsOf(issues).map((issue) => `${issue.code}@${pathKey(issue.path)}`)
}

export function warningKeys(issues: readonly Issue[]): string[] {
  return issues
    .filter((issue) => issue.severity === 'warning')
    .map((issue) => `${issue.code}@${pathKey(issue.path)}`)
}

export function issueAt(issues: readonly Issue[], path: IssuePath, code: string): Issue | undefined {
  return issues.find((issue) => issue.code === code && pathKey(issue.path) === pathKey(path))
}

export const text = (length: number, char = 'a') => char.repeat(length)
