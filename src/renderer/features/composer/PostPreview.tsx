import { Film, ImageIcon, LayoutTemplate, MessageCircle, Repeat2, Heart } from 'lucide-react'
import type { DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import { mediaTypeOf, type MediaRef } from '../../../shared/creatives/media'
import { useLibraryPreviewUrl } from '../library/libraryClient'
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
  return (
    <article className="preview-frame post-preview" data-testid="post-preview">
      <div className="post-preview__avatar" aria-hidden="true">
        {author.name.trim().charAt(0).toUpperCase() || '?'}
      </div>
      <div className="post-preview__body">
        <header className="post-preview__author">
          <span className="post-preview__name">{author.name}</span>
          <span className="post-preview__handle">{author.handle}</span>
        </header>
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
            {content.media.map((item) => (
              <PreviewTile key={item.id} media={item.media} />
            ))}
          </div>
        ) : null}
        {content.card ? (
          <div className="post-preview__card">
            <LayoutTemplate size={18} aria-hidden="true" />
            <div>
              <p className="post-preview__card-title">
                {content.card.source === 'published'
                  ? content.card.cardUri
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
        <footer className="post-preview__footer">
          <span className="post-preview__actions" aria-hidden="true">
            <MessageCircle size={15} />
            <Repeat2 size={15} />
            <Heart size={15} />
          </span>
          {content.nullcast ? <span className="post-preview__promoted">Promoted</span> : null}
        </footer>
      </div>
    </article>
  )
}

/** One medium of the post: its picture as main fetched it, else what kind of medium it is. */
function PreviewTile({ media }: { media: MediaRef }) {
  const type = mediaTypeOf(media)
  const url = useLibraryPreviewUrl(media)
  return (
    <div className="post-preview__tile preview-placeholder">
      {url ? (
        <img src={url} alt="" />
      ) : type === 'VIDEO' ? (
        <Film size={20} aria-hidden="true" />
      ) : (
        <ImageIcon size={20} aria-hidden="true" />
      )}
      {type === 'GIF' ? <span className="post-preview__gif">GIF</span> : null}
    </div>
  )
}
