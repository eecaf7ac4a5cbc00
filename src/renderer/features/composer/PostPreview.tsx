import { LayoutTemplate, MessageCircle, Repeat2, Heart } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Avatar } from '../../components/Avatar'
import type { PollCardContent } from '../../../shared/creatives/pollCard'
import { studio, unwrap } from '../../lib/ipc'
import { MediaThumb, PlayOverlay } from '../../kits/media/MediaThumb'
import { PollPreview } from '../../kits/polls/PollPreview'
import type { DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import { mediaTypeOf } from '../../../shared/creatives/mediaType'
import type { PostContent } from '../../../shared/creatives/post'
import { splitAtOverflow } from './counterState'

const CARD_KIND_LABELS: Record<string, string> = {
  card: 'Card',
  poll_card: 'Poll card',
  video_conversation_card: 'Video conversation card',
}

/**
 * Timelines fold long posts behind "Show more"; the preview does too, which also keeps a
 * 25,000-character post from being laid out twice on every keystroke.
 */
const PREVIEW_CHARACTERS = 1000

/**
 * The poll card draft a post carries, read whole from main (one draft crosses IPC at a time), so
 * the preview shows the poll inline as the platform does. Read again when the draft is saved.
 */
function useAttachedPoll(summary: DraftSummaryWithIssues | undefined): PollCardContent | null {
  const [poll, setPoll] = useState<{ key: string; content: PollCardContent } | null>(null)
  const key = summary ? `${summary.id}@${summary.updatedAt}` : ''
  const id = summary?.id
  useEffect(() => {
    if (!id) return
    let current = true
    unwrap(studio().drafts.get({ id })).then(
      (draft) =>
        current && draft.kind === 'poll_card' && setPoll({ key, content: draft.content as PollCardContent }),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [id, key])
  return poll && poll.key === key ? poll.content : null
}

/** One element for every render: React skips it (same element), so a key builds no icons. */
const PREVIEW_ACTIONS = (
  <span className="post-preview__actions" aria-hidden="true">
    <MessageCircle size={15} />
    <Repeat2 size={15} />
    <Heart size={15} />
  </span>
)

/** The post as it will appear in a timeline: author, text (overflow marked), media, card. */
export function PostPreview({
  content,
  overflowStartIndex,
  author,
  drafts,
}: {
  content: PostContent
  overflowStartIndex: number | null
  author: { name: string; handle: string }
  drafts: readonly DraftSummaryWithIssues[]
}) {
  const folded = content.text.length > PREVIEW_CHARACTERS
  const shown = folded ? content.text.slice(0, PREVIEW_CHARACTERS) : content.text
  const [within, overflow] = splitAtOverflow(
    shown,
    overflowStartIndex !== null && overflowStartIndex < shown.length ? overflowStartIndex : null,
  )
  const overflowFolded = folded && overflowStartIndex !== null && overflowStartIndex >= shown.length
  const cardDraftId = content.card?.source === 'draft' ? content.card.draftId : undefined
  const cardDraft = cardDraftId === undefined ? undefined : drafts.find((draft) => draft.id === cardDraftId)
  const attachedPoll = useAttachedPoll(cardDraft?.kind === 'poll_card' ? cardDraft : undefined)
  return (
    <article className="preview-frame post-preview surface surface--raised" data-testid="post-preview">
      <Avatar name={author.name} />
      <div className="post-preview__body">
        <header className="post-preview__author">
          <span className="post-preview__name">{author.name}</span>
          {/* A promoted-only post is an ad: the timeline marks it by the author, as the card preview does. */}
          <span className="post-preview__handle" data-testid="post-preview-handle">
            {author.handle}
            {content.nullcast ? ' · Promoted' : ''}
          </span>
        </header>
        {content.paidPartnership ? (
          <p className="post-preview__label" data-testid="post-preview-paid">
            Paid partnership
          </p>
        ) : null}
        {content.text ? (
          <p className="post-preview__text">
            {within}
            {overflow ? (
              <mark className="post-preview__overflow" title="Past the length limit: will not fit">
                {overflow}
              </mark>
            ) : null}
            {folded ? <span className="post-preview__more">… Show more</span> : null}
          </p>
        ) : (
          <p className="post-preview__text post-preview__text--empty">Your post text appears here.</p>
        )}
        {overflowFolded ? (
          <p className="field__error">
            The end of the text is past the length limit; it is marked in the editor.
          </p>
        ) : null}
        {content.media.length > 0 ? (
          <div className="post-preview__media" data-count={content.media.length}>
            {content.media.map((item) => {
              const type = mediaTypeOf(item.media)
              return (
                <div
                  key={item.id}
                  className="post-preview__tile preview-placeholder"
                  data-testid="post-preview-media"
                >
                  <MediaThumb media={item.media} className="post-preview__thumb" />
                  {type === 'VIDEO' ? <PlayOverlay /> : null}
                  {type === 'GIF' ? <span className="post-preview__gif">GIF</span> : null}
                </div>
              )
            })}
          </div>
        ) : null}
        {attachedPoll ? (
          <PollPreview content={attachedPoll} inline />
        ) : content.card ? (
          <div className="post-preview__card">
            <LayoutTemplate size={18} aria-hidden="true" />
            <div>
              <p className="post-preview__card-title">
                {content.card.source === 'published'
                  ? 'A card from your account'
                  : cardDraft
                    ? cardDraft.name
                    : `Card draft ${cardDraftId?.slice(0, 8) ?? ''}`}
              </p>
              <p className="post-preview__card-meta">
                {content.card.source === 'published'
                  ? 'Published card'
                  : `${cardDraft ? (CARD_KIND_LABELS[cardDraft.kind] ?? 'Card') : 'Card'} draft · published with the post`}
              </p>
            </div>
          </div>
        ) : null}
        <footer className="post-preview__footer">{PREVIEW_ACTIONS}</footer>
      </div>
    </article>
  )
}
