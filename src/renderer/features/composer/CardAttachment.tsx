import { useEffect, useId, useState } from 'react'
import type { CardReference } from '../../../shared/creatives/post'
import type { DraftKind } from '../../../shared/drafts/envelope'
import { Segmented } from '../../components/Segmented'
import { useDraftsStore } from '../drafts/draftsStore'
import type { FieldMessage } from './editorKit/issues'
import { FieldNote } from './editorKit/Field'

type Mode = 'none' | 'draft' | 'published'

const CARD_KINDS: Partial<Record<DraftKind, string>> = {
  card: 'Card',
  poll_card: 'Poll',
  video_conversation_card: 'Video conversation',
}

const MODES = [
  { value: 'none', label: 'No card' },
  { value: 'draft', label: 'From drafts' },
  { value: 'published', label: 'Published card' },
] as const

/** Attach a card: a card draft (published before the post) or an existing card_uri. */
export function CardAttachment({
  card,
  onChange,
  message,
}: {
  card: CardReference | null
  onChange: (card: CardReference | null) => void
  message?: FieldMessage | undefined
}) {
  const id = useId()
  const [chosenMode, setChosenMode] = useState<Mode>(card?.source ?? 'none')
  // Undo and redo can change the card under the control; what is attached wins.
  const mode: Mode = card ? card.source : chosenMode
  const [typedUri, setTypedUri] = useState(card?.source === 'published' ? card.cardUri : '')
  const drafts = useDraftsStore((state) => state.drafts)
  const load = useDraftsStore((state) => state.load)
  useEffect(() => {
    void load()
  }, [load])
  const cardDrafts = drafts.filter((draft) => CARD_KINDS[draft.kind] !== undefined)
  const uri = card?.source === 'published' ? card.cardUri : typedUri

  const choose = (next: Mode) => {
    setChosenMode(next)
    if (next === 'none') onChange(null)
    else if (next === 'published')
      onChange(typedUri.trim() ? { source: 'published', cardUri: typedUri.trim() } : null)
    else onChange(null)
  }

  return (
    <div className="card-attachment">
      <Segmented label="Card" value={mode} options={MODES} onChange={choose} testIdPrefix="card-mode" />
      {mode === 'draft' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-draft`}>
            Card draft
          </label>
          <select
            id={`${id}-draft`}
            className="input select"
            value={card?.source === 'draft' ? card.draftId : ''}
            aria-describedby={`${id}-note`}
            onChange={(event) =>
              onChange(event.target.value ? { source: 'draft', draftId: event.target.value } : null)
            }
          >
            <option value="">Choose a card, poll or video conversation draft…</option>
            {cardDrafts.map((draft) => (
              <option key={draft.id} value={draft.id}>
                {CARD_KINDS[draft.kind]} · {draft.name}
              </option>
            ))}
            {card?.source === 'draft' && !cardDrafts.some((draft) => draft.id === card.draftId) ? (
              <option value={card.draftId}>A draft that no longer exists</option>
            ) : null}
          </select>
        </div>
      ) : null}
      {mode === 'published' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-uri`}>
            Card URI
          </label>
          <input
            id={`${id}-uri`}
            className="input"
            value={uri}
            placeholder="card://1234567890"
            spellCheck={false}
            aria-invalid={message?.severity === 'error' || undefined}
            aria-describedby={`${id}-note`}
            onChange={(event) => {
              setTypedUri(event.target.value)
              const value = event.target.value.trim()
              onChange(value ? { source: 'published', cardUri: value } : null)
            }}
          />
        </div>
      ) : null}
      <FieldNote
        id={`${id}-note`}
        message={mode === 'none' ? undefined : message}
        hint={
          mode === 'draft'
            ? 'The card is published first, then the post that shows it.'
            : undefined
        }
      />
    </div>
  )
}
