import { LayoutTemplate, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { CardCursors, PublishedCard, PublishedCardKind } from '../../../shared/ipc/contracts/library'
import { PUBLISHED_CARD_KINDS } from '../../../shared/ipc/contracts/library'
import { LIMITS } from '../../../shared/rules/limits'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { CopyId } from '../../components/CopyId'
import type { SelectEntry } from '../../components/Select'
import { Field } from '../../components/Field'
import { studio, unwrap } from '../../lib/ipc'
import { failureOf, type Failure } from '../../lib/failures'
import { FailureBanner } from '../../kits/connection/FailureBanner'
import { ListThumb } from '../../kits/media/ListThumb'
import type { AccountScope } from '../../state/connection/activeProfile'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { SelectField } from '../../components/SelectField'
import { MirrorAge } from '../../kits/connection/MirrorAge'

/** The search waits until typing pauses this long. */
const SEARCH_DELAY_MS = 300

const KIND_LABELS: Record<PublishedCardKind, string> = {
  component: 'Card',
  poll: 'Poll',
  video_conversation: 'Video conversation',
}

/** The draft kind whose icon stands in for a card without media. */
const CARD_DRAFT_KINDS = {
  component: 'card',
  poll: 'poll_card',
  video_conversation: 'video_conversation_card',
} as const satisfies Record<PublishedCardKind, string>

/** 'all', one kind, or one component card type (`type:IMAGE_WEBSITE`). */
type CardFilter = 'all' | PublishedCardKind | `type:${string}`

function titleCase(cardType: string): string {
  return cardType
    .toLowerCase()
    .split('_')
    .map((word) => (word === 'multi' ? 'multi-' : word))
    .join(' ')
    .replace(/multi- dest/, 'multi-destination')
    .replace(/^./, (first) => first.toUpperCase())
}

function requestFor(filter: CardFilter): { kinds: PublishedCardKind[]; cardTypes?: string[] } {
  if (filter === 'all') return { kinds: [...PUBLISHED_CARD_KINDS] }
  if (filter.startsWith('type:')) return { kinds: ['component'], cardTypes: [filter.slice('type:'.length)] }
  return { kinds: [filter as PublishedCardKind] }
}

const CARD_FILTER_OPTIONS: readonly SelectEntry<CardFilter>[] = [
  { value: 'all', label: 'All cards' },
  { value: 'component', label: 'Website and app cards' },
  { value: 'poll', label: 'Poll cards' },
  { value: 'video_conversation', label: 'Video conversation cards' },
  {
    label: 'Website and app card types',
    options: LIMITS.card.cardTypes.values.map((cardType) => ({
      value: `type:${cardType}` as const,
      label: titleCase(cardType),
    })),
  },
]

function CardFilterSelect({ value, onChange }: { value: CardFilter; onChange(value: CardFilter): void }) {
  return (
    <SelectField
      label="Card type"
      className="card-filter"
      triggerClassName="library-select"
      data-testid="card-type-filter"
      value={value}
      options={CARD_FILTER_OPTIONS}
      onChange={onChange}
    />
  )
}

/** Cards published to the account (card create endpoints only), with deletion. */
export function PublishedCards({ scope }: { scope: AccountScope }) {
  const [filter, setFilter] = useState<CardFilter>('all')
  const [search, setSearch] = useState('')
  const [cards, setCards] = useState<PublishedCard[]>([])
  const [cursors, setCursors] = useState<CardCursors>({})
  const [loading, setLoading] = useState<'first' | 'more' | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  const [deleting, setDeleting] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  /** When the list came from the account mirror: how old that copy is. */
  const [mirrorAsOf, setMirrorAsOf] = useState<string | null>(null)
  const generation = useRef(0)
  const { profileId, accountId } = scope
  const qMax = LIMITS.lists.cardQ.max
  const queryError =
    search.trim().length > qMax
      ? `Search for at most ${qMax} characters (this is ${search.trim().length})`
      : null

  const [q] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS)

  const load = useCallback(
    async (more: CardCursors | null) => {
      const ticket = more ? generation.current : ++generation.current
      setLoading(more ? 'more' : 'first')
      setFailure(null)
      try {
        const page = await unwrap(
          studio().library.cards({
            profileId,
            accountId,
            ...requestFor(filter),
            ...(q ? { q } : {}),
            ...(more ? { cursors: more } : {}),
          }),
        )
        if (ticket !== generation.current) return
        setCards((previous) => (more ? [...previous, ...page.cards] : page.cards))
        setCursors(page.nextCursors)
        if (!more) setMirrorAsOf(page.mirror?.asOf ?? null)
      } catch (error) {
        if (ticket === generation.current) setFailure(failureOf(error))
      } finally {
        if (ticket === generation.current) setLoading(null)
      }
    },
    [profileId, accountId, filter, q],
  )

  useEffect(() => {
    if (q.length > qMax) return
    setNotice(null)
    void load(null)
  }, [load, q, qMax])

  // After a rate limit the banner tries again at the reset time, or at once with "Retry now".
  const retry = useCallback(() => void load(null), [load])

  const remove = async (card: PublishedCard) => {
    setDeleting(card.id)
    setFailure(null)
    setNotice(null)
    try {
      await unwrap(studio().library.deleteCard({ profileId, accountId, kind: card.kind, cardId: card.id }))
      setCards((previous) => previous.filter((entry) => !(entry.id === card.id && entry.kind === card.kind)))
      setNotice(`Deleted “${card.name}”.`)
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setDeleting(null)
    }
  }

  const hasMore = Object.keys(cursors).length > 0
  return (
    <div className="published-cards">
      <div className="media-browser__toolbar">
        <CardFilterSelect value={filter} onChange={setFilter} />
        <Field
          label="Search by name"
          type="search"
          className="media-browser__search"
          placeholder="Starts with…"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          error={queryError ?? (failure?.field === 'q' ? failure.message : undefined)}
          data-testid="card-search"
        />
      </div>
      {failure && failure.field !== 'q' ? <FailureBanner failure={failure} onRetry={retry} /> : null}
      {mirrorAsOf ? <MirrorAge scope={scope} asOf={mirrorAsOf} onRefreshed={retry} /> : null}
      {notice ? (
        <p className="library-notice" role="status">
          {notice}
        </p>
      ) : null}
      {cards.length === 0 && !loading && !failure ? (
        <div className="empty-state media-browser__empty" data-testid="cards-empty">
          <LayoutTemplate size={24} aria-hidden="true" />
          <p>{q ? `No published card name starts with “${q}”.` : 'No published cards of this type yet.'}</p>
        </div>
      ) : cards.length === 0 && failure ? null : (
        <ul
          className="card-list surface"
          aria-label="Published cards"
          aria-busy={loading !== null || undefined}
        >
          {cards.map((card) => (
            <li key={`${card.kind}:${card.id}`} className="card-row" data-testid="published-card">
              <ListThumb
                media={card.mediaKey ? { source: 'library', mediaKey: card.mediaKey } : undefined}
                kind={CARD_DRAFT_KINDS[card.kind]}
              />
              <div className="card-row__main">
                <p className="card-row__name">{card.name}</p>
                <p className="cluster card-row__meta">
                  <span className="badge badge--accent">{KIND_LABELS[card.kind]}</span>
                  {card.cardType ? (
                    <span className="badge badge--neutral">{titleCase(card.cardType)}</span>
                  ) : null}
                  {card.summary ? <span className="card-row__summary">{card.summary}</span> : null}
                </p>
                <p className="cluster card-row__ids">
                  {card.createdAt ? (
                    <span>Created {new Date(card.createdAt).toLocaleDateString()}</span>
                  ) : null}
                  {/* The card URI is for other tools: copied on request, not shown. */}
                  <CopyId
                    value={card.cardUri ?? card.id}
                    what={card.name}
                    label={card.cardUri ? 'Copy card URI' : 'Copy id'}
                  />
                </p>
              </div>
              <ConfirmDialog
                trigger={
                  <Button variant="ghost" busy={deleting === card.id} aria-label={`Delete ${card.name}`}>
                    {deleting === card.id ? null : <Trash2 size={16} aria-hidden="true" />}
                    Delete
                  </Button>
                }
                title={`Delete “${card.name}”?`}
                description="The card is deleted from this ad account on the platform. This cannot be undone."
                confirmLabel="Delete card"
                onConfirm={() => void remove(card)}
              />
            </li>
          ))}
        </ul>
      )}
      {hasMore ? (
        <div className="media-browser__more">
          <Button onClick={() => void load(cursors)} busy={loading === 'more'}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  )
}
