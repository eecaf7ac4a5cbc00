import { memo, useCallback, useEffect, useMemo, useRef } from 'react'
import { ACCESS_REVOKED_MESSAGE } from '../../../shared/errors'
import { mediaTypeOf } from '../../../shared/creatives/mediaType'
import { newPostMediaItem, type PostContent } from '../../../shared/creatives/post'
import { postLengthPreference, type PostLengthLimit } from '../../../shared/rules/limits'
import { EditorShell, Section, useDraftNameFollows } from '../../kits/editor/EditorShell'
import { useContentIssues, useFieldMessages, useSameMessages } from '../../kits/editor/issues'
import { PublishedBanner } from '../../kits/editor/PublishedBanner'
import { postNameEdit } from '../../kits/editor/publishedEditSpecs'
import { usePreviewAuthor, type PreviewAuthor } from '../../state/accounts/previewAuthor'
import { useDraftEditor, type DraftEditorState } from '../../state/drafts/draftEditor'
import { useDraftsStore } from '../../state/drafts/draftsStore'
import { CardAttachment } from './CardAttachment'
import { PostAsField } from './PostAsField'
import { PostDeliveryFields } from './PostDeliveryFields'
import { PostMedia } from './PostMedia'
import { PostPreview } from './PostPreview'
import { TrendingNews } from './TrendingNews'
import { TimelinePost } from './TimelinePost'
import { PostTextField } from './PostTextField'
import { PostVideoFields } from './PostVideoFields'
import { composerLengthKey, usePostLengthLimit } from './postLengthLimit'
import { PostLengthTierNote } from './PostLengthTierNote'
import { useConnectedUser, type ConnectedUser } from './useConnectedUser'
import { useContentAfterPaint } from './useContentAfterPaint'
import { usePostLength } from './usePostLength'
import './composer.css'

type State = DraftEditorState<'post'>

/** The tier the rules check, and the Classic 280 guideline when the designer opted into it. */
function postLengthContext(choice: PostLengthLimit) {
  const { tier, guideline } = postLengthPreference(choice)
  return guideline === undefined
    ? { postLengthTier: tier }
    : { postLengthTier: tier, postLengthGuideline: guideline }
}

function authorOf(
  user: ConnectedUser,
  asUserId: string,
  connected: PreviewAuthor,
): { name: string; handle: string } {
  const isConnectedUser =
    user.state === 'known' && user.userId !== undefined && user.userId === asUserId.trim()
  if (isConnectedUser) return connected
  return { name: 'Advertiser', handle: asUserId.trim() ? `user ${asUserId.trim()}` : 'no advertiser yet' }
}

/**
 * The post composer. Publishing arrives with the outbox; until then every post is a saved draft.
 *
 * A keystroke renders only the text field and its counter (PostTextField subscribes to the
 * text itself); the rest of the form, the rules and the preview follow once the key's frame has
 * been painted (useContentAfterPaint), one render per frame however fast the keys come (rule
 * P1, bench/PERFORMANCE.md): at 25,000 characters each key's own frame stays as cheap as the
 * textarea's. Publishing reads the draft main has saved (flushed first), never this content.
 */
export function PostComposer() {
  const content = useDraftEditor((state: State) => state.content)
  const settled = useContentAfterPaint(content)
  return <PostComposerForm content={settled} />
}

/** The form for the settled content: skipped on the keystroke itself (memo, same content). */
const PostComposerForm = memo(function PostComposerForm({ content }: { content: PostContent }) {
  const change = useDraftEditor((state: State) => state.change)
  const published = useDraftEditor((state) => state.draft.status === 'published')
  const user = useConnectedUser()
  const previewAuthor = usePreviewAuthor()
  // Without access the advertiser is unknown; say why, instead of asking to choose one.
  const accessRevoked = user.state === 'known' && user.accessRevoked
  const isSelf = user.state === 'known' && !!user.userId && content.asUserId.trim() === user.userId
  const profileId = user.state === 'known' ? user.profileId : null
  const accountId = user.state === 'known' ? user.accountId : undefined
  // The length belongs to the user the post is made for: asked once per profile and user.
  const limitKey = composerLengthKey(profileId, content.asUserId)
  const belief = usePostLengthLimit(limitKey)
  const { limit } = belief
  const who =
    isSelf && user.state === 'known' && user.screenName
      ? `@${user.screenName}`
      : content.asUserId.trim()
        ? `user ${content.asUserId.trim()}`
        : 'the advertiser'
  // The same text the field above counted on its key: the shared counter answers from memory.
  const { length } = usePostLength(content.text, limit)
  const drafts = useDraftsStore((state) => state.drafts)
  useDraftNameFollows('post', content.name)

  // New drafts are made for the connected user; once only, so a cleared field stays cleared.
  const defaulted = useRef(false)
  const connectedUserId = user.state === 'known' ? user.userId : undefined
  useEffect(() => {
    if (defaulted.current || user.state === 'loading') return
    defaulted.current = true
    if (connectedUserId) change((c) => (c.asUserId === '' ? { ...c, asUserId: connectedUserId } : c))
  }, [user.state, connectedUserId, change])

  const weightedLength = length?.weightedLength
  const checkOptions = useMemo(
    () => ({
      ...postLengthContext(limit),
      ...(weightedLength === undefined ? {} : { weightedTextLength: weightedLength }),
      ...(connectedUserId ? { authenticatedUserId: connectedUserId } : {}),
    }),
    [limit, weightedLength, connectedUserId],
  )
  const issues = useContentIssues('post', content, checkOptions)
  // The settled content, not the store's: the form must not re-render on the keystroke itself.
  const { messageAt, touch } = useFieldMessages(issues, content)
  // Stable handlers and messages: the media and card sections skip the render a key's text
  // change causes (memo), as they show nothing of the text.
  const addMedia = useCallback(
    (media: Parameters<typeof newPostMediaItem>[0]) =>
      change((c) => ({ ...c, media: [...c.media, newPostMediaItem(media)] })),
    [change],
  )
  const removeMedia = useCallback(
    (id: string) => change((c) => ({ ...c, media: c.media.filter((item) => item.id !== id) })),
    [change],
  )
  const setCard = useCallback((card: PostContent['card']) => change((c) => ({ ...c, card })), [change])
  const sameMessage = useSameMessages()
  const { name: authorName, handle: authorHandle } = authorOf(user, content.asUserId, previewAuthor)
  const author = useMemo(() => ({ name: authorName, handle: authorHandle }), [authorName, authorHandle])
  const hasVideo = content.media.some((item) => mediaTypeOf(item.media) === 'VIDEO')

  return (
    <EditorShell
      route="composer"
      listLabel="Posts"
      issues={issues}
      readOnly={published}
      banner={
        <PublishedBanner
          route="composer"
          what="post"
          edit={(profile, draft) => postNameEdit(profile, draft, content)}
        />
      }
      preview={
        <PostPreview
          content={content}
          overflowStartIndex={length?.overflowStartIndex ?? null}
          author={author}
          drafts={drafts}
        />
      }
    >
      <Section title="Post">
        <PostAsField
          accessRevoked={accessRevoked}
          isSelf={isSelf}
          // Name and handle, not the object: usePreviewAuthor makes a new one on every render.
          authorName={previewAuthor.name}
          authorHandle={previewAuthor.handle}
          asUserId={content.asUserId}
          // The cause replaces the rule's words, shown when the rule's would be (touched, or
          // Show problems): an untouched draft says it once, under Post as.
          message={sameMessage(
            accessRevoked && !content.asUserId.trim() && messageAt(['asUserId'])
              ? { severity: 'error' as const, text: ACCESS_REVOKED_MESSAGE }
              : messageAt(['asUserId']),
          )}
          hasConnectedUser={user.state === 'known' && !!user.userId}
          change={change}
          touch={touch}
        />
        <PostLengthTierNote
          who={who}
          limit={limit}
          known={belief.known}
          refusedAt={belief.refusedAt}
          hasUser={content.asUserId.trim() !== ''}
        />
        <PostTextField
          limit={limit}
          limitKey={limitKey}
          who={who}
          message={sameMessage(messageAt(['text']))}
          touch={touch}
        />
      </Section>

      <Section title="Media" hint="Pick from the account's media library.">
        <MemoPostMedia
          items={content.media}
          message={sameMessage(messageAt(['media']))}
          onAdd={addMedia}
          onRemove={removeMedia}
        />
        <PostVideoFields
          hasVideo={hasVideo}
          videoTitle={content.videoTitle}
          videoDescription={content.videoDescription}
          videoCta={content.videoCta}
          videoCtaValue={content.videoCtaValue}
          titleMessage={sameMessage(messageAt(['videoTitle']))}
          descriptionMessage={sameMessage(messageAt(['videoDescription']))}
          ctaValueMessage={sameMessage(messageAt(['videoCtaValue']))}
          change={change}
          touch={touch}
        />
      </Section>

      <Section title="Card">
        <MemoCardAttachment
          card={content.card}
          message={sameMessage(messageAt(['card']))}
          onChange={setCard}
        />
      </Section>

      <PostDeliveryFields
        conversationSettings={content.conversationSettings}
        nullcast={content.nullcast}
        name={content.name}
        postMode={content.postMode}
        nullcastMessage={sameMessage(messageAt(['nullcast']))}
        nameMessage={sameMessage(messageAt(['name']))}
        change={change}
      />
      <TimelinePost
        profileId={profileId}
        accountId={accountId}
        text={content.text}
        paidPartnership={content.paidPartnership === true}
        leftOut={[
          ...(content.media.length > 0 ? [`${content.media.length} media`] : []),
          ...(content.card ? ['the card'] : []),
        ]}
        change={change}
      />
      <MemoTrendingNews profileId={profileId} />
    </EditorShell>
  )
})

const MemoPostMedia = memo(PostMedia)
const MemoCardAttachment = memo(CardAttachment)
const MemoTrendingNews = memo(TrendingNews)
