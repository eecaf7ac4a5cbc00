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
      {skipped.length > 0 ? (
        <section aria-label="Skipped drafts">
          <h3 className="bulk-preview__heading">Skipped: these would break a rule and stay as they are</h3>
          <ul className="bulk-preview__list bulk-preview__list--skipped">
            {skipped.map((item) => (
              <Change key={item.id} item={item} />
            ))}
          </ul>
          {counts.refused > skipped.length ? (
            <p className="muted">and {plural(counts.refused - skipped.length, 'more', 'more')}.</p>
          ) : null}
        </section>
      ) : null}
      {items.length > 0 ? (
        <section aria-label="Changes">
          <h3 className="bulk-preview__heading">Changes</h3>
          <ul className="bulk-preview__list">
            {items.map((item) => (
              <Change key={item.id} item={item} />
            ))}
          </ul>
          {counts.changed > items.length ? (
            <p className="muted">and {plural(counts.changed - items.length, 'more draft', 'more drafts')}.</p>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}
