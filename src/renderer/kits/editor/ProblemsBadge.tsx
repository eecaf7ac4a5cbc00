import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useRef, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import type { ContentIssue } from '../../../shared/creatives/check'

/**
 * The control a message is about. Editors put each rule message on its field and point the
 * field's aria-describedby at it, so the message's own text leads back to the field without any
 * per-editor wiring; a message with no described field focuses the first control beside it.
 */
export function controlForMessage(root: ParentNode, message: string): HTMLElement | null {
  const holders = [...root.querySelectorAll<HTMLElement>('[id]')].filter(
    (element) =>
      element.dataset.ruleMessage === message ||
      (element.children.length <= 3 && element.textContent?.includes(message)),
  )
  const describing = [...root.querySelectorAll<HTMLElement>('[aria-describedby]')]
  for (const holder of holders) {
    const described = describing.find((element) =>
      element.getAttribute('aria-describedby')!.split(/\s+/).includes(holder.id),
    )
    if (described) return focusable(described)
  }
  const near = holders[0]?.closest<HTMLElement>('.field, fieldset, section')
  return near ? focusable(near) : null
}

const CONTROLS = 'input, textarea, select, button, [tabindex="0"]'

/** The element itself when it takes focus, else its first invalid control, else its first control. */
function focusable(element: HTMLElement): HTMLElement | null {
  if (element.matches(CONTROLS)) return element
  return (
    element.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    element.querySelector<HTMLElement>(CONTROLS)
  )
}

/** Moves focus to the field an issue is about; false when no field on screen shows it. */
export function focusIssueField(formSelector: string, issue: ContentIssue): boolean {
  const root = document.querySelector(formSelector)
  const control = root ? controlForMessage(root, issue.message) : null
  if (!control) return false
  control.scrollIntoView?.({ block: 'center' })
  control.focus()
  return true
}

/**
 * Reveals every message, then moves focus to the first problem's field (errors first): the
 * designer lands where the work is, not on the page. flushSync renders the messages first, as
 * the field is found by its message.
 */
export function showProblems(reveal: () => void, issues: readonly ContentIssue[], formSelector: string) {
  flushSync(reveal)
  const first = issues.find((issue) => issue.severity === 'error') ?? issues[0]
  if (first) focusIssueField(formSelector, first)
}

/** One element for every render: React skips it, so the badge builds no icon on a key. */
const READY_ICON = <CircleCheck size={12} aria-hidden="true" />

/**
 * "Ready to publish", or how many problems stand in the way. With problems it opens a list;
 * choosing one moves focus to its field.
 */
export function ProblemsBadge({
  issues,
  formSelector,
  children,
}: {
  issues: readonly ContentIssue[]
  /** Where the editor's fields are, to find the field of a message. */
  formSelector: string
  /** The badge's words. */
  children: ReactNode
}) {
  const triggerRef = useRef<HTMLButtonElement>(null)
  const choseProblem = useRef(false)
  const errors = issues.filter((issue) => issue.severity === 'error').length
  const tone = errors > 0 ? 'danger' : issues.length > 0 ? 'warning' : 'success'
  if (issues.length === 0) {
    return (
      <span className="badge badge--success" data-testid="issue-summary">
        {READY_ICON}
        {children}
      </span>
    )
  }
  const focusField = (issue: ContentIssue) => focusIssueField(formSelector, issue)
  return (
    <Popover.Root>
      <Popover.Trigger
        ref={triggerRef}
        className={`badge badge--${tone} badge--button`}
        data-testid="issue-summary"
        aria-haspopup="dialog"
      >
        {children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="problems"
          align="start"
          sideOffset={6}
          aria-label="Problems"
          // Focus goes to the chosen field, not back to the badge.
          onCloseAutoFocus={(event) => {
            if (choseProblem.current) event.preventDefault()
            choseProblem.current = false
          }}
        >
          <ul className="problems__list" data-testid="problems-list">
            {issues.map((issue, index) => (
              <li key={`${issue.contentPath.join('.')}:${issue.code}:${index}`}>
                <Popover.Close asChild>
                  <button
                    type="button"
                    className="problems__item"
                    data-severity={issue.severity}
                    onClick={() => {
                      // Let the popover close first, then move focus into the form.
                      choseProblem.current = true
                      requestAnimationFrame(() => {
                        if (!focusField(issue)) triggerRef.current?.focus()
                      })
                    }}
                  >
                    {issue.severity === 'error' ? (
                      <CircleAlert size={14} aria-hidden="true" className="problems__icon" />
                    ) : (
                      <TriangleAlert size={14} aria-hidden="true" className="problems__icon" />
                    )}
                    {issue.message}
                  </button>
                </Popover.Close>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
