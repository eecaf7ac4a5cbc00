import { useId, type FocusEventHandler } from 'react'
import type { LabelValue } from '../../../shared/rules/limits'
import { LIMITS } from '../../../shared/rules/limits'
import type { Issue } from '../../../shared/rules/issues'
import { Select, type SelectOption } from '../../components/Select'
import { InlineIssues } from '../../components/InlineIssues'

type ShownIssue = Pick<Issue, 'message' | 'severity'>

export const LABEL_TEXT: Record<LabelValue, string> = {
  BOOK: 'Book',
  CONNECT: 'Connect',
  INSTALL: 'Install',
  OPEN: 'Open',
  ORDER: 'Order',
  PLAY: 'Play',
  SHOP: 'Shop',
}

const LABEL_OPTIONS: readonly SelectOption<LabelValue>[] = LIMITS.card.labelValues.values.map((label) => ({
  value: label,
  label: LABEL_TEXT[label],
}))

/** The button label, from the spec's enum only (typeahead, arrows, Enter). */
export function LabelSelect({
  value,
  onChange,
  issues,
  onBlur,
}: {
  value: LabelValue | null
  onChange(value: LabelValue): void
  issues: readonly ShownIssue[]
  /** Focus left the field (not into its list of labels). */
  onBlur?: FocusEventHandler<HTMLDivElement>
}) {
  const id = useId()
  const issuesId = issues.length > 0 ? `${id}-issues` : undefined
  return (
    <div className="field" onBlur={onBlur}>
      <label className="field__label" id={`${id}-label`} htmlFor={id}>
        Button label
      </label>
      <Select
        id={id}
        aria-labelledby={`${id}-label`}
        aria-describedby={issuesId}
        aria-invalid={issues.some((issue) => issue.severity === 'error') || undefined}
        value={value}
        options={LABEL_OPTIONS}
        placeholder="Choose a label"
        onChange={onChange}
      />
      <InlineIssues id={issuesId} issues={issues} />
    </div>
  )
}
