import { useDraftEditor } from '../../../lib/draftEditor'
import { useMemo, useState } from 'react'
import type { CheckOptions, ContentIssue } from '../../../../shared/creatives/check'
import { checkContent } from '../../../../shared/creatives/check'
import type { ContentByKind, DraftKind } from '../../../../shared/creatives/content'
import type { IssuePath } from '../../../../shared/rules/issues'
import { pathKey } from '../../../../shared/rules/issues'

/** The rules from src/shared, run on every change: editors show exactly what publish will check. */
export function useContentIssues<K extends DraftKind>(
  kind: K,
  content: ContentByKind[K],
  options: CheckOptions,
): ContentIssue[] {
  const serverIssues = useDraftEditor((state) => state.serverIssues)
  return useMemo(
    () => [...checkContent(kind, content, options).issues, ...serverIssues],
    [kind, content, options, serverIssues],
  )
}

/** The issue to show next to one field: errors before warnings. */
export function issueAt(issues: readonly ContentIssue[], path: IssuePath): ContentIssue | undefined {
  const key = pathKey(path)
  const here = issues.filter((issue) => pathKey(issue.contentPath) === key)
  return here.find((issue) => issue.severity === 'error') ?? here[0]
}

/**
 * "Required" is not news on a field nobody has visited yet: it shows once the field has been
 * left (or the draft is reopened with something typed), every other rule shows at once.
 */
export function useTouchedFields() {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  return {
    isTouched: (path: IssuePath) => touched.has(pathKey(path)),
    touch: (path: IssuePath) =>
      setTouched((current) => {
        const key = pathKey(path)
        if (current.has(key)) return current
        const next = new Set(current)
        next.add(key)
        return next
      }),
  }
}

export interface FieldMessage {
  text: string
  severity: 'error' | 'warning'
}

export type FieldMessages = ReturnType<typeof useFieldMessages>

/** One helper per editor: the message and the touch handler for any content path. */
export function useFieldMessages(issues: readonly ContentIssue[]) {
  const { isTouched, touch } = useTouchedFields()
  const messageAt = (path: IssuePath): FieldMessage | undefined => {
    const issue = issueAt(issues, path)
    if (!issue) return undefined
    if (issue.code === 'required' && !isTouched(path)) return undefined
    return { text: issue.message, severity: issue.severity }
  }
  return { messageAt, touch }
}
