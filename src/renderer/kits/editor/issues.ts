import type { FieldMessage } from '../../components/Field'
import { useDraftEditor } from '../../state/drafts/draftEditor'
import { useTeamRules } from '../../state/accounts/teamRules'
import { useCallback, useMemo, useRef } from 'react'
import type { CheckOptions, ContentIssue } from '../../../shared/creatives/check'
import { checkContent } from '../../../shared/creatives/check'
import type { ContentByKind, DraftKind } from '../../../shared/creatives/content'
import type { IssuePath } from '../../../shared/rules/issues'
import { pathKey } from '../../../shared/rules/issues'

/**
 * The rules from src/shared and the account's team rule packs, run on every change: editors show
 * exactly what publish will check.
 */
export function useContentIssues<K extends DraftKind>(
  kind: K,
  content: ContentByKind[K],
  options: CheckOptions,
): ContentIssue[] {
  const serverIssues = useDraftEditor((state) => state.serverIssues)
  const teamRules = useTeamRules((state) => state.rules)
  const issues = useMemo(
    () => [...checkContent(kind, content, { ...options, teamRules }).issues, ...serverIssues],
    [kind, content, options, serverIssues, teamRules],
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
 *
 * A field is edited when its value differs from the draft's as opened. With `addedStartUntouched`
 * (an editor where the designer adds empty parts: a card's components and slides), a field added
 * since then is compared with its value when it first appeared, so a new part waits for its own
 * edits instead of opening in red. Elsewhere (the composer's media, added already chosen) a field
 * added since the draft opened counts as edited.
 */
export function useTouchedFields(settledContent?: unknown, { addedStartUntouched = false } = {}) {
  const touched = useDraftEditor((state) => state.touched)
  const openedNew = useDraftEditor((state) => state.openedNew)
  const revealAll = useDraftEditor((state) => state.revealAll)
  // An editor that renders from deferred content passes it, so a keystroke does not re-render it.
  const content = useDraftEditor((state) => settledContent ?? state.content)
  const openedContent = useDraftEditor((state) => state.openedContent)
  const firstSeen = useFirstSeen(addedStartUntouched ? content : undefined, openedContent)
  const isTouched = (path: IssuePath) => {
    const key = pathKey(path)
    if (touched.has(key)) return true
    const value = valueAt(content, path)
    const opened = valueAt(openedContent, path)
    if (opened === undefined && firstSeen.has(key)) return differs(value, firstSeen.get(key))
    return differs(value, opened)
  }
  // Stable: memoised sections take it as a prop.
  const touch = useTouch()
  return {
    isTouched,
    touch,
    /** Whether this issue shows next to its field now. */
    isShown: (path: IssuePath, code: ContentIssue['code']) =>
      revealAll || isTouched(path) || (!openedNew && code !== 'required'),
  }
}

/** Touches a field by its content path; subscribes to nothing else, for the parts of an editor. */
export function useTouch(): (path: IssuePath) => void {
  const touchKey = useDraftEditor((state) => state.touch)
  return useCallback((path: IssuePath) => touchKey(pathKey(path)), [touchKey])
}

/**
 * Every path of `content` with its value when it first appeared (kept until the draft is opened
 * again). A walk of the content's objects, not of its text: a card has a few dozen nodes, and
 * the walk runs once per settled content.
 */
function useFirstSeen(content: unknown, openedContent: unknown): ReadonlyMap<string, unknown> {
  const seen = useRef({
    opened: openedContent,
    walked: undefined as unknown,
    values: new Map<string, unknown>(),
  })
  if (seen.current.opened !== openedContent)
    seen.current = { opened: openedContent, walked: undefined, values: new Map() }
  const { values } = seen.current
  if (content !== undefined && seen.current.walked !== content) {
    seen.current.walked = content
    const walk = (value: unknown, path: (string | number)[]) => {
      const key = pathKey(path)
      if (!values.has(key)) values.set(key, value)
      if (typeof value !== 'object' || value === null) return
      if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]))
      else for (const [name, item] of Object.entries(value)) walk(item, [...path, name])
    }
    walk(content, [])
  }
  return values
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
