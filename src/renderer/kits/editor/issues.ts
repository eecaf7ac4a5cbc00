import type { FieldMessage } from '../../components/Field'
import { useDraftEditor } from '../../state/drafts/draftEditor'
import { useCallback, useMemo, useRef } from 'react'
import type { CheckOptions, ContentIssue } from '../../../shared/creatives/check'
import { checkContent } from '../../../shared/creatives/check'
import type { ContentByKind, DraftKind } from '../../../shared/creatives/content'
import type { IssuePath } from '../../../shared/rules/issues'
import { pathKey } from '../../../shared/rules/issues'

/** The rules from src/shared, run on every change: editors show exactly what publish will check. */
export function useContentIssues<K extends DraftKind>(
  kind: K,
  content: ContentByKind[K],
  options: CheckOptions,
): ContentIssue[] {
  const serverIssues = useDraftEditor((state) => state.serverIssues)
  const issues = useMemo(
    () => [...checkContent(kind, content, options).issues, ...serverIssues],
    [kind, content, options, serverIssues],
  )
  return useSameIssues(issues)
}

/**
 * The previous list while the rules say the same thing: most keys change no rule's answer, and a
 * list that keeps its identity lets the editor's header and problems badge skip that key's render.
 */
function useSameIssues(issues: ContentIssue[]): ContentIssue[] {
  const last = useRef(issues)
  if (last.current !== issues && !sameIssues(last.current, issues)) last.current = issues
  return last.current
}

function sameIssues(a: readonly ContentIssue[], b: readonly ContentIssue[]): boolean {
  return (
    a.length === b.length &&
    a.every((issue, index) => {
      const other = b[index]!
      return (
        issue.code === other.code &&
        issue.severity === other.severity &&
        issue.message === other.message &&
        issue.limit === other.limit &&
        pathKey(issue.path) === pathKey(other.path) &&
        pathKey(issue.contentPath) === pathKey(other.contentPath)
      )
    })
  )
}

/** The issue to show next to one field: errors before warnings. */
export function issueAt(issues: readonly ContentIssue[], path: IssuePath): ContentIssue | undefined {
  const key = pathKey(path)
  const here = issues.filter((issue) => pathKey(issue.contentPath) === key)
  return here.find((issue) => issue.severity === 'error') ?? here[0]
}

/**
 * Which fields show their messages. A draft opened new shows none until a field is edited or
 * left: a blank form is not a list of mistakes. A draft reopened with content shows every rule
 * at once except "required" on fields nobody has visited. Publish, review and "Show problems"
 * reveal everything.
 */
export function useTouchedFields(settledContent?: unknown) {
  const touched = useDraftEditor((state) => state.touched)
  const touchKey = useDraftEditor((state) => state.touch)
  const openedNew = useDraftEditor((state) => state.openedNew)
  const revealAll = useDraftEditor((state) => state.revealAll)
  // An editor that renders from deferred content passes it, so a keystroke does not re-render it.
  const content = useDraftEditor((state) => settledContent ?? state.content)
  const openedContent = useDraftEditor((state) => state.openedContent)
  const isTouched = (path: IssuePath) =>
    touched.has(pathKey(path)) || differs(valueAt(content, path), valueAt(openedContent, path))
  // Stable: memoised sections take it as a prop.
  const touch = useCallback((path: IssuePath) => touchKey(pathKey(path)), [touchKey])
  return {
    isTouched,
    touch,
    /** Whether this issue shows next to its field now. */
    isShown: (path: IssuePath, code: ContentIssue['code']) =>
      revealAll || isTouched(path) || (!openedNew && code !== 'required'),
  }
}

/** Text and other plain values compare as they are; only objects go through JSON. */
function differs(a: unknown, b: unknown): boolean {
  if (a === b) return false
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return true
  return JSON.stringify(a) !== JSON.stringify(b)
}

function valueAt(value: unknown, path: IssuePath): unknown {
  let current = value
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<string | number, unknown>)[key]
  }
  return current
}

export type FieldMessages = ReturnType<typeof useFieldMessages>

/** One helper per editor: the message and the touch handler for any content path. */
export function useFieldMessages(issues: readonly ContentIssue[], settledContent?: unknown) {
  const { isShown, touch } = useTouchedFields(settledContent)
  const messageAt = (path: IssuePath): FieldMessage | undefined => {
    const issue = issueAt(issues, path)
    if (!issue || !isShown(path, issue.code)) return undefined
    return { text: issue.message, severity: issue.severity }
  }
  return { messageAt, touch }
}

/**
 * The same message object for the same text and severity as on the last render, so a memoised
 * section sees an unchanged prop when its message has not changed.
 */
export function useSameMessages() {
  const seen = useRef(new Map<string, FieldMessage>())
  return (message: FieldMessage | undefined): FieldMessage | undefined => {
    if (!message) return undefined
    const key = `${message.severity}:${message.text}`
    const known = seen.current.get(key)
    if (known) return known
    seen.current.set(key, message)
    return message
  }
}
