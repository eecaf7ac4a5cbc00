import { useId, useMemo, useState } from 'react'
import type { DraftKind } from '../../../shared/drafts/envelope'
import type { DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'

export const CARD_DRAFT_KINDS: Partial<Record<DraftKind, string>> = {
  card: 'Card',
  poll_card: 'Poll',
  video_conversation_card: 'Video conversation',
}

/** At most this many drafts are offered at once; a search finds the others. */
export const CARD_DRAFT_PAGE = 100

export interface CardDraftChoices {
  /** The drafts offered: the newest that match, and the attached one wherever it stands. */
  shown: DraftSummaryWithIssues[]
  /** How many card drafts match the search in all. */
  matching: number
  /** The attached id names no card draft (any more). */
  attachedMissing: boolean
}

/**
 * Which card drafts the picker offers, from the summaries the renderer holds (most recently
 * changed first, main's order): one page of those whose name contains the search, case aside.
 * A list of 50,000 drafts never becomes 50,000 options.
 */
export function cardDraftChoices(
  drafts: readonly DraftSummaryWithIssues[],
  search: string,
  attachedId: string | null,
  limit = CARD_DRAFT_PAGE,
): CardDraftChoices {
  const needle = search.trim().toLocaleLowerCase()
  const shown: DraftSummaryWithIssues[] = []
  let matching = 0
  let attached: DraftSummaryWithIssues | undefined
  for (const draft of drafts) {
    if (CARD_DRAFT_KINDS[draft.kind] === undefined) continue
    if (draft.id === attachedId) attached = draft
    if (needle && !draft.name.toLocaleLowerCase().includes(needle)) continue
    matching += 1
    if (shown.length < limit) shown.push(draft)
  }
  if (attached && !shown.includes(attached)) shown.unshift(attached)
  return { shown, matching, attachedMissing: attachedId !== null && !attached }
}

/** "From drafts": a card, poll or video conversation draft to publish before the post. */
export function CardDraftPicker({
  drafts,
  attachedId,
  describedBy,
  onChoose,
}: {
  drafts: readonly DraftSummaryWithIssues[]
  attachedId: string | null
  describedBy: string
  onChoose(draftId: string | null): void
}) {
  const id = useId()
  const [search, setSearch] = useState('')
  const choices = useMemo(() => cardDraftChoices(drafts, search, attachedId), [drafts, search, attachedId])
  // The search appears only when there are more card drafts than one page offers.
  const searchable = search !== '' || choices.matching > CARD_DRAFT_PAGE
  const more = choices.matching - Math.min(choices.matching, CARD_DRAFT_PAGE)
  return (
    <>
      {searchable ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-search`}>
            Find a card draft
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="input"
            value={search}
            placeholder="Part of its name"
            aria-describedby={`${id}-count`}
            onChange={(event) => setSearch(event.target.value)}
          />
          <p id={`${id}-count`} className="field__hint" aria-live="polite">
            {choices.matching === 0
              ? 'No card draft has that in its name.'
              : more > 0
                ? `The ${CARD_DRAFT_PAGE} most recently changed of ${choices.matching.toLocaleString()} are listed; type more of the name to find the others.`
                : `${choices.matching.toLocaleString()} listed.`}
          </p>
        </div>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-draft`}>
          Card draft
        </label>
        <select
          id={`${id}-draft`}
          className="input select"
          value={attachedId ?? ''}
          aria-describedby={describedBy}
          onChange={(event) => onChoose(event.target.value || null)}
        >
          <option value="">Choose a card, poll or video conversation draft…</option>
          {choices.shown.map((draft) => (
            <option key={draft.id} value={draft.id}>
              {CARD_DRAFT_KINDS[draft.kind]} · {draft.name}
            </option>
          ))}
          {choices.attachedMissing && attachedId ? (
            <option value={attachedId}>A draft that no longer exists</option>
          ) : null}
        </select>
      </div>
    </>
  )
}
