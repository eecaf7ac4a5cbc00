import { useEffect, useId, useState, type ReactNode } from 'react'
import type { CardReference } from '../../../shared/creatives/post'
import { PUBLISHED_CARD_KINDS, type PublishedCardKind } from '../../../shared/ipc/contracts/library'
import { Segmented } from '../../components/Segmented'
import { studio, unwrap } from '../../lib/ipc'
import { useConnectedAccount } from '../../state/connection/activeProfile'
import { useDraftsStore } from '../../state/drafts/draftsStore'
import { CardDraftPicker } from './CardDraftPicker'
import type { FieldMessage } from '../../components/Field'
import { FieldNote } from '../../components/Field'

type Mode = 'none' | 'draft' | 'published'

const MODES = [
  { value: 'none', label: 'No card' },
  { value: 'draft', label: 'From drafts' },
  { value: 'published', label: 'Published card' },
] as const

const PUBLISHED_KINDS: Record<PublishedCardKind, string> = {
  component: 'Card',
  poll: 'Poll',
  video_conversation: 'Video conversation',
}

type PublishedCardsState =
  | { state: 'unavailable' }
  | { state: 'ready'; cards: { cardUri: string; name: string; kind: PublishedCardKind }[] }

/**
 * The account's published cards, by name, for the "Published card" choice: a designer picks a
 * card, not a card URI. Offline or not connected there is no list, and the URI field is the way.
 */
function usePublishedCards(wanted: boolean): PublishedCardsState {
  const account = useConnectedAccount()
  const profileId = account?.profile.id
  const accountId = account?.accountId
  const [loaded, setLoaded] = useState<{ key: string; state: PublishedCardsState } | null>(null)
  const key = wanted && profileId && accountId ? `${profileId}|${accountId}` : ''
  useEffect(() => {
    if (!key || !profileId || !accountId) return
    let current = true
    unwrap(studio().library.cards({ profileId, accountId, kinds: [...PUBLISHED_CARD_KINDS] })).then(
      (page) =>
        current &&
        setLoaded({
          key,
          state: {
            state: 'ready',
            cards: page.cards.flatMap((entry) =>
              entry.cardUri ? [{ cardUri: entry.cardUri, name: entry.name, kind: entry.kind }] : [],
            ),
          },
        }),
      () => current && setLoaded({ key, state: { state: 'unavailable' } }),
    )
    return () => {
      current = false
    }
  }, [key, profileId, accountId])
  return key && loaded?.key === key ? loaded.state : { state: 'unavailable' }
}

/** The card URI field: in the open without a list of cards, under "Advanced" beside one. */
function UriEntry({ advanced, open, children }: { advanced: boolean; open: boolean; children: ReactNode }) {
  if (!advanced) return <>{children}</>
  return (
    <details className="card-attachment__advanced" open={open || undefined}>
      <summary>Advanced: attach by card URI</summary>
      {children}
    </details>
  )
}

/** Attach a card: a card draft (published before the post) or a card already on the account. */
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
  const uri = card?.source === 'published' ? card.cardUri : typedUri
  const publishedCards = usePublishedCards(mode === 'published')
  // A URI typed earlier that is not in the list stays visible, so it can be seen and fixed.
  const uriOpen =
    uri.trim() !== '' &&
    !(publishedCards.state === 'ready' && publishedCards.cards.some((entry) => entry.cardUri === uri))

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
        <CardDraftPicker
          drafts={drafts}
          attachedId={card?.source === 'draft' ? card.draftId : null}
          describedBy={`${id}-note`}
          onChoose={(draftId) => onChange(draftId ? { source: 'draft', draftId } : null)}
        />
      ) : null}
      {mode === 'published' && publishedCards.state === 'ready' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-published`}>
            Card from this ad account
          </label>
          <select
            id={`${id}-published`}
            className="input select"
            value={publishedCards.cards.some((entry) => entry.cardUri === uri) ? uri : ''}
            aria-describedby={`${id}-note`}
            data-testid="published-card-choice"
            onChange={(event) => {
              const value = event.target.value
              setTypedUri(value)
              onChange(value ? { source: 'published', cardUri: value } : null)
            }}
          >
            <option value="">
              {publishedCards.cards.length > 0 ? 'Choose a published card…' : 'No published cards yet'}
            </option>
            {publishedCards.cards.map((entry) => (
              <option key={entry.cardUri} value={entry.cardUri}>
                {PUBLISHED_KINDS[entry.kind]} · {entry.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {mode === 'published' ? (
        <UriEntry advanced={publishedCards.state === 'ready'} open={uriOpen}>
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
        </UriEntry>
      ) : null}
      <FieldNote
        id={`${id}-note`}
        message={mode === 'none' ? undefined : message}
        hint={mode === 'draft' ? 'The card is published first, then the post that shows it.' : undefined}
      />
    </div>
  )
}
