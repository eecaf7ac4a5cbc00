import { Checkbox } from 'radix-ui'
import { Check } from 'lucide-react'
import { memo, useCallback, useEffect, useMemo, useRef } from 'react'
import { Avatar } from '../../components/Avatar'
import { newPostMediaItem, type PostContent } from '../../../shared/creatives/post'
import { mediaTypeOf } from '../../../shared/creatives/mediaType'
import type { ConversationSettings, PostLengthLimit, PostMode, VideoCta } from '../../../shared/rules/limits'
import { LIMITS, POST_LENGTH_LIMITS, postLengthPreference } from '../../../shared/rules/limits'
import { formatNumber, type IssuePath } from '../../../shared/rules/issues'
import { Segmented } from '../../components/Segmented'
import { useDraftEditor, type DraftEditorState } from '../../state/drafts/draftEditor'
import { navigate } from '../../nav/routes'
import { useDraftsStore } from '../../state/drafts/draftsStore'
import { EditorShell, Section, useDraftNameFollows } from '../../kits/editor/EditorShell'
import { PublishedBanner } from '../../kits/editor/PublishedBanner'
import { postNameEdit } from '../../kits/editor/publishedEditSpecs'
import { Field, FieldNote } from '../../components/Field'
import type { FieldMessage } from '../../components/Field'
import { useContentIssues, useFieldMessages } from '../../kits/editor/issues'
import { LengthCounter } from '../../components/LengthCounter'
import { CardAttachment } from './CardAttachment'
import { PostMedia } from './PostMedia'
import { PostPreview } from './PostPreview'
import { PostTextEditor } from './PostTextEditor'
import { postLengthKey, usePostLengthLimit } from './postLengthLimit'
import { usePreviewAuthor, type PreviewAuthor } from '../../state/accounts/previewAuthor'
import { useConnectedUser, type ConnectedUser } from './useConnectedUser'
import { usePostLength } from './usePostLength'
import { useContentAfterPaint } from './useContentAfterPaint'
import './composer.css'
import { ACCESS_REVOKED_MESSAGE } from '../../../shared/errors'

const RULES = LIMITS.post
type State = DraftEditorState<'post'>

const REPLY_LABELS: Record<ConversationSettings, string> = {
  EVERYONE: 'Everyone',
  FOLLOWING: 'People you follow',
  MENTIONED_USERS: 'Only people you mention',
}
// post_mode (spec: `compat` or `extended`) only shapes how the platform words its answer; the
// post people see is the same, so it waits under "Advanced" in plain words.
const MODE_LABELS: Record<PostMode | 'default', string> = {
  default: 'Platform default',
  compat: 'Compatibility',
  extended: 'Extended',
}
const CTA_LABELS: Record<VideoCta, string> = { VISIT_SITE: 'Visit site', WATCH_NOW: 'Watch now' }
// Standard and long-form are the platform's tiers; Classic 280 is an opt-in guideline only.
const LIMIT_LABELS: Record<PostLengthLimit, string> = {
  [LIMITS.postLength.standard.value]: `Standard`,
  [LIMITS.postLength.longForm.value]: `Long-form`,
  [LIMITS.postLength.classicGuideline.value]: `Classic guideline`,
} as Record<PostLengthLimit, string>

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
 * been painted (useContentAfterPaint), one render per frame however fast the keys come. At
 * 25,000 characters this keeps each key's own frame as cheap as the textarea (bench/PROFILE.md
 * section 9). Publishing reads the saved draft in main, which every key saves at once, never
 * this content.
 */
export function PostComposer() {
  const content = useDraftEditor((state: State) => state.content)
  const settled = useContentAfterPaint(content)
  return <PostComposerForm content={settled} />
}

/** The form for the settled content: skipped on the keystroke itself (memo, same content). */
const PostComposerForm = memo(function PostComposerForm({ content }: { content: PostContent }) {
  const change = useDraftEditor((state: State) => state.change)
  const draftId = useDraftEditor((state) => state.draft.id)
  const published = useDraftEditor((state) => state.draft.status === 'published')
  const user = useConnectedUser()
  const previewAuthor = usePreviewAuthor()
  // Without access the advertiser is unknown; say why, instead of asking to choose one.
  const accessRevoked = user.state === 'known' && user.accessRevoked
  const isSelf = user.state === 'known' && !!user.userId && content.asUserId.trim() === user.userId
  const profileId = user.state === 'known' ? user.profileId : null
  const accountId = user.state === 'known' ? user.accountId : undefined
  const limitKey = postLengthKey(profileId, accountId)
  const [limit] = usePostLengthLimit(limitKey)
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
        published ? (
          <PublishedBanner
            draftId={draftId}
            route="composer"
            title="This post is published."
            detail="It opens read-only, as it is on the platform; duplicate it to make a new one."
            edit={profileId ? postNameEdit(profileId, draftId, content) : undefined}
          />
        ) : null
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
        <PostTextField
          limit={limit}
          limitKey={limitKey}
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
    </EditorShell>
  )
})

const MemoPostMedia = memo(PostMedia)
const MemoCardAttachment = memo(CardAttachment)

/**
 * The same message object for the same text and severity as on the last render, so a memoised
 * section sees an unchanged prop when its message has not changed.
 */
function useSameMessages() {
  const seen = useRef(new Map<string, FieldMessage>())
  return (message: FieldMessage | undefined): FieldMessage | undefined => {
    if (!message) return undefined
    const key = `${message.severity}:${message.text}`
    const known = seen.current.get(key)
    if (known) return known
    seen.current.set(key, message)
    return message
  }
}

type Change = State['change']
type Touch = (path: IssuePath) => void

/**
 * "Post as": the connected account by name and handle; a raw user id only under Advanced.
 * Memoised, as are the other sections below: the form renders after every key's frame, a
 * section only when what it shows changes.
 */
const PostAsField = memo(function PostAsField({
  accessRevoked,
  isSelf,
  authorName,
  authorHandle,
  asUserId,
  message,
  hasConnectedUser,
  change,
  touch,
}: {
  accessRevoked: boolean
  isSelf: boolean
  authorName: string
  authorHandle: string
  asUserId: string
  message: FieldMessage | undefined
  hasConnectedUser: boolean
  change: Change
  touch: Touch
}) {
  return (
    <div className="post-as">
      <span className="field__label">Post as</span>
      {accessRevoked ? (
        <p className="field__error" role="alert" data-testid="post-as-revoked">
          {ACCESS_REVOKED_MESSAGE}.{' '}
          <button type="button" className="link-button" onClick={() => navigate('connect')}>
            Go to Connect
          </button>
        </p>
      ) : null}
      {isSelf ? (
        <p className="post-as__who" data-testid="post-as">
          <Avatar name={authorName} size="sm" />
          <span className="post-as__name">{authorName}</span>
          <span className="muted">{authorHandle}</span>
        </p>
      ) : null}
      <details className="post-as__advanced" open={!isSelf}>
        <summary className="post-as__summary">
          {isSelf ? 'Advanced: post for another advertiser' : 'Advertiser'}
        </summary>
        <Field
          label="Advertiser's user id"
          value={asUserId}
          inputMode="numeric"
          placeholder="The user the post is made for"
          message={message}
          hint={
            hasConnectedUser
              ? 'Only for posts made on behalf of another advertiser; yours is filled in.'
              : 'Connect a profile to post as yourself.'
          }
          onChange={(event) => change((c) => ({ ...c, asUserId: event.target.value }), 'asUserId')}
          onBlur={() => touch(['asUserId'])}
          data-testid="post-advertiser"
        />
      </details>
    </div>
  )
})

/** The length tier for this account: its own component, so the text's key leaves it alone. */
const LengthLimitPicker = memo(function LengthLimitPicker({
  limit,
  limitKey,
}: {
  limit: PostLengthLimit
  limitKey: string
}) {
  const [, setLimit] = usePostLengthLimit(limitKey)
  return (
    <Segmented
      label="Length limit for this account"
      value={String(limit)}
      options={LIMIT_OPTIONS}
      onChange={(value) => setLimit(Number(value) as PostLengthLimit)}
      testIdPrefix="post-limit"
    />
  )
})

const LIMIT_OPTIONS = POST_LENGTH_LIMITS.map((value) => ({
  value: String(value),
  label: `${LIMIT_LABELS[value]} ${formatNumber(value)}`,
}))

const PostVideoFields = memo(function PostVideoFields({
  hasVideo,
  videoTitle,
  videoDescription,
  videoCta,
  videoCtaValue,
  titleMessage,
  descriptionMessage,
  ctaValueMessage,
  change,
  touch,
}: {
  hasVideo: boolean
  videoTitle: string
  videoDescription: string
  videoCta: VideoCta | null
  videoCtaValue: string
  titleMessage: FieldMessage | undefined
  descriptionMessage: FieldMessage | undefined
  ctaValueMessage: FieldMessage | undefined
  change: Change
  touch: Touch
}) {
  const videoFieldsSet =
    videoTitle !== '' || videoDescription !== '' || videoCta !== null || videoCtaValue !== ''
  if (!hasVideo && !videoFieldsSet)
    return <p className="field__hint">Add a video to give it a title, a description and a call to action.</p>
  return (
    <div className="post-video">
      {!hasVideo ? <p className="field__warning">These show only with a video; the post has none.</p> : null}
      <Field
        label="Video title"
        value={videoTitle}
        aside={<LengthCounter value={videoTitle} max={RULES.videoTitle.max} />}
        message={titleMessage}
        onChange={(event) => change((c) => ({ ...c, videoTitle: event.target.value }), 'videoTitle')}
      />
      <Field
        label="Video description"
        multiline
        rows={2}
        value={videoDescription}
        aside={<LengthCounter value={videoDescription} max={RULES.videoDescription.max} />}
        message={descriptionMessage}
        onChange={(event) =>
          change((c) => ({ ...c, videoDescription: event.target.value }), 'videoDescription')
        }
      />
      <div className="grid-2">
        <div className="field">
          <label className="field__label" htmlFor="post-video-cta">
            Call to action
          </label>
          <select
            id="post-video-cta"
            className="input select"
            value={videoCta ?? ''}
            onChange={(event) =>
              change((c) => ({
                ...c,
                videoCta: event.target.value === '' ? null : (event.target.value as VideoCta),
              }))
            }
          >
            <option value="">None</option>
            {RULES.videoCta.values.map((cta) => (
              <option key={cta} value={cta}>
                {CTA_LABELS[cta]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Call to action value"
          value={videoCtaValue}
          placeholder="https://example.com"
          message={ctaValueMessage}
          onChange={(event) => change((c) => ({ ...c, videoCtaValue: event.target.value }), 'videoCtaValue')}
          onBlur={() => touch(['videoCtaValue'])}
        />
      </div>
    </div>
  )
})

const REPLY_OPTIONS = RULES.conversationSettings.values.map((value) => ({
  value,
  label: REPLY_LABELS[value],
}))
const MODE_OPTIONS = (['default', ...RULES.postMode.values] as const).map((value) => ({
  value,
  label: MODE_LABELS[value],
}))

const PostDeliveryFields = memo(function PostDeliveryFields({
  conversationSettings,
  nullcast,
  name,
  postMode,
  nullcastMessage,
  nameMessage,
  change,
}: {
  conversationSettings: ConversationSettings
  nullcast: boolean
  name: string
  postMode: PostMode | null
  nullcastMessage: FieldMessage | undefined
  nameMessage: FieldMessage | undefined
  change: Change
}) {
  return (
    <Section title="Delivery">
      <div className="field">
        <span className="field__label" id="post-replies-label">
          Who can reply
        </span>
        <Segmented
          label="Who can reply"
          value={conversationSettings}
          options={REPLY_OPTIONS}
          onChange={(next) => change((c) => ({ ...c, conversationSettings: next }))}
          testIdPrefix="post-replies"
        />
      </div>
      <div className="field">
        <div className="checkbox-row">
          <Checkbox.Root
            id="post-nullcast"
            className="checkbox"
            checked={nullcast}
            aria-describedby="post-nullcast-note"
            onCheckedChange={(checked) => change((c) => ({ ...c, nullcast: checked === true }))}
            data-testid="post-nullcast"
          >
            <Checkbox.Indicator>
              <Check size={14} aria-hidden="true" />
            </Checkbox.Indicator>
          </Checkbox.Root>
          <label htmlFor="post-nullcast">Promoted-only (not shown to followers)</label>
        </div>
        <FieldNote
          id="post-nullcast-note"
          message={nullcastMessage}
          hint="Untick to post organically; only the connected user can post organically."
        />
      </div>
      <Field
        label="Post name (optional)"
        value={name}
        aside={<LengthCounter value={name} max={RULES.name.max} />}
        message={nameMessage}
        hint="Only you see it; it names the post in the account."
        onChange={(event) => change((c) => ({ ...c, name: event.target.value }), 'name')}
      />
      <details className="card-attachment__advanced" open={postMode ? true : undefined}>
        <summary>Advanced: how the platform answers</summary>
        <div className="field">
          <span className="field__label">Answer format</span>
          <Segmented
            label="Answer format"
            value={postMode ?? 'default'}
            options={MODE_OPTIONS}
            onChange={(value) => change((c) => ({ ...c, postMode: value === 'default' ? null : value }))}
            testIdPrefix="post-mode"
          />
        </div>
      </details>
    </Section>
  )
})

/**
 * The text as typed (the store's, never deferred), its counter and the overflow highlight.
 * Memoised: the form's render after the frame passes the same props and leaves it alone; the key's own
 * render comes from its subscription to the text.
 */
const PostTextField = memo(function PostTextField({
  limit,
  limitKey,
  message,
  touch,
}: {
  limit: PostLengthLimit
  limitKey: string
  message: FieldMessage | undefined
  touch: Touch
}) {
  const text = useDraftEditor((state: State) => state.content.text)
  const change = useDraftEditor((state: State) => state.change)
  const { length, unavailable } = usePostLength(text, limit)
  const onChange = useCallback((next: string) => change((c) => ({ ...c, text: next }), 'text'), [change])
  const onBlur = useCallback(() => touch(['text']), [touch])
  return (
    <PostTextEditor
      text={text}
      length={length}
      counterUnavailable={unavailable}
      message={message}
      onChange={onChange}
      onBlur={onBlur}
      limitPicker={<LengthLimitPicker limit={limit} limitKey={limitKey} />}
    />
  )
})
