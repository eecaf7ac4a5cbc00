import { memo, useCallback } from 'react'
import type { IssuePath } from '../../../shared/rules/issues'
import { formatNumber } from '../../../shared/rules/issues'
import { LIMITS, POST_LENGTH_LIMITS, type PostLengthLimit } from '../../../shared/rules/limits'
import type { FieldMessage } from '../../components/Field'
import { Segmented } from '../../components/Segmented'
import { useDraftEditor, type DraftEditorState } from '../../state/drafts/draftEditor'
import { usePostLengthLimit } from './postLengthLimit'
import { PostTextEditor } from './PostTextEditor'
import { usePostLength } from './usePostLength'

type State = DraftEditorState<'post'>
type Touch = (path: IssuePath) => void

// Standard and long-form are the platform's tiers; Classic 280 is an opt-in guideline only.
const LIMIT_LABELS: Record<PostLengthLimit, string> = {
  [LIMITS.postLength.standard.value]: `Standard`,
  [LIMITS.postLength.longForm.value]: `Long-form`,
  [LIMITS.postLength.classicGuideline.value]: `Classic guideline`,
} as Record<PostLengthLimit, string>

/** The posting user's length tier: its own component, so the text's key leaves it alone. */
const LengthLimitPicker = memo(function LengthLimitPicker({
  limit,
  limitKey,
  who,
}: {
  limit: PostLengthLimit
  limitKey: string
  who: string
}) {
  const { setLimit } = usePostLengthLimit(limitKey)
  return (
    <Segmented
      label={`Post length of ${who}`}
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

/**
 * The text as typed (the store's, never deferred), its counter and the overflow highlight.
 * Memoised: the form's render after the frame passes the same props and leaves it alone; the key's own
 * render comes from its subscription to the text.
 */
export const PostTextField = memo(function PostTextField({
  limit,
  limitKey,
  who,
  message,
  touch,
}: {
  limit: PostLengthLimit
  limitKey: string
  /** The posting user, for people: "@sandbox_designer", "user 42". */
  who: string
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
      limitPicker={<LengthLimitPicker limit={limit} limitKey={limitKey} who={who} />}
    />
  )
})
