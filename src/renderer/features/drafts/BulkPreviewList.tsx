import type { BulkPreview, BulkPreviewItem } from '../../../shared/ipc/contracts/bulkEdit'
import { formatNumber } from '../../../shared/rules/issues'

export const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`

function Change({ item }: { item: BulkPreviewItem }) {
  return (
    <li className="bulk-preview__item">
      <span className="bulk-preview__name">{item.name}</span>
      <dl className="bulk-preview__changes">
        {item.changes.map((change) => (
          <div key={change.column} className="bulk-preview__change">
            <dt>{change.label}</dt>
            <dd>
              <del className="bulk-preview__before">{change.before || '(empty)'}</del>
              <span aria-hidden="true"> → </span>
              <ins className="bulk-preview__after">{change.after || '(empty)'}</ins>
            </dd>
          </div>
        ))}
      </dl>
      {item.reasons.length > 0 ? (
        <ul className="bulk-preview__reasons">
          {item.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}

/** The preview's two lists: what each is called, and the words for those it leaves out. */
const SECTIONS = {
  skipped: {
    label: 'Skipped drafts',
    heading: 'Skipped: these would break a rule and stay as they are',
    more: ['more', 'more'],
  },
  changes: { label: 'Changes', heading: 'Changes', more: ['more draft', 'more drafts'] },
} as const

/** One list of the preview, and how many more there are (of `total`) than it shows. */
function PreviewSection({
  kind,
  shown,
  total,
}: {
  kind: keyof typeof SECTIONS
  shown: readonly BulkPreviewItem[]
  total: number
}) {
  if (shown.length === 0) return null
  const { label, heading, more } = SECTIONS[kind]
  return (
    <section aria-label={label}>
      <h3 className="bulk-preview__heading">{heading}</h3>
      <ul className="boxed-list bulk-preview__list">
        {shown.map((item) => (
          <Change key={item.id} item={item} />
        ))}
      </ul>
      {total > shown.length ? (
        <p className="muted">and {plural(total - shown.length, more[0], more[1])}.</p>
      ) : null}
    </section>
  )
}

/**
 * What a bulk change would do, from main's preview: the drafts that would break a rule (skipped,
 * with why) first, then every change, before and after. The lists are capped; the counts are not.
 */
export function BulkPreviewList({ preview }: { preview: BulkPreview }) {
  const { counts, items, skipped } = preview
  return (
    // Long enough to scroll: focusable, so the keyboard can scroll it too.
    <div className="bulk-preview" data-testid="bulk-preview" role="region" aria-label="Preview" tabIndex={0}>
      <p className="bulk-preview__summary">
        {plural(counts.changed, 'draft changes', 'drafts change')}
        {counts.refused > 0 ? `, ${plural(counts.refused, 'is skipped', 'are skipped')}` : ''} of{' '}
        {plural(counts.scanned, 'draft', 'drafts')} searched.
      </p>
      <PreviewSection kind="skipped" shown={skipped} total={counts.refused} />
      <PreviewSection kind="changes" shown={items} total={counts.changed} />
    </div>
  )
}
