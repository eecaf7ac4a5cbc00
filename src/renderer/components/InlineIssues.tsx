import { CircleAlert, TriangleAlert } from 'lucide-react'
import type { Issue } from '../../shared/rules/issues'

/**
 * Rule messages shown right under the field they concern: errors in red, warnings in amber,
 * each announced with the field through its id (pass it to aria-describedby).
 */
export function InlineIssues({
  id,
  issues,
}: {
  id?: string | undefined
  issues: readonly Pick<Issue, 'message' | 'severity'>[]
}) {
  if (issues.length === 0) return null
  const unique = issues.filter(
    (issue, index) => issues.findIndex((other) => other.message === issue.message) === index,
  )
  return (
    <ul className="inline-issues" id={id}>
      {unique.map((issue) => {
        const Icon = issue.severity === 'error' ? CircleAlert : TriangleAlert
        return (
          <li
            key={issue.message}
            className={`inline-issue inline-issue--${issue.severity}`}
            data-severity={issue.severity}
          >
            <Icon size={14} aria-hidden="true" />
            <span>
              <span className="visually-hidden">{issue.severity === 'error' ? 'Error: ' : 'Warning: '}</span>
              {issue.message}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
