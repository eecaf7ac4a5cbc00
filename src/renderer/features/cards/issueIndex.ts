import type { ContentIssue } from '../../../shared/creatives/check'
import type { IssuePath } from '../../../shared/rules/issues'
import { pathKey } from '../../../shared/rules/issues'

/**
 * Content issues by content path, for the inline message next to each field. Local files not
 * uploaded yet are expected while offline: the media picker says so quietly instead.
 */
export class IssueIndex {
  private readonly byPath = new Map<string, ContentIssue[]>()
  readonly errorCount: number
  readonly warningCount: number
  /** Every issue the editor shows, in the order the rules report them. */
  readonly shown: readonly ContentIssue[]

  constructor(issues: readonly ContentIssue[]) {
    const shown = issues.filter((issue) => issue.code !== 'pending_upload')
    this.shown = shown
    for (const issue of shown) {
      const key = pathKey(issue.contentPath)
      const list = this.byPath.get(key)
      if (list) list.push(issue)
      else this.byPath.set(key, [issue])
    }
    this.errorCount = shown.filter((issue) => issue.severity === 'error').length
    this.warningCount = shown.length - this.errorCount
  }

  at(path: IssuePath): ContentIssue[] {
    return this.byPath.get(pathKey(path)) ?? []
  }

  /**
   * A string that changes when any issue at or under `prefix` does: what a memoised part of
   * the editor compares to know whether its messages changed.
   */
  signatureUnder(prefix: IssuePath): string {
    const key = pathKey(prefix)
    let signature = ''
    for (const [path, list] of this.byPath) {
      if (path !== key && !path.startsWith(`${key}.`) && key !== '') continue
      signature += `${path}:${JSON.stringify(list)}\n`
    }
    return signature
  }

  /** Issues at any of these paths (a field whose rules report on a parent path too). */
  atAny(...paths: IssuePath[]): ContentIssue[] {
    return paths.flatMap((path) => this.at(path))
  }
}
