import { Check } from 'lucide-react'
import { Checkbox } from 'radix-ui'
import { memo } from 'react'
import { LIMITS, type ConversationSettings, type PostMode } from '../../../shared/rules/limits'
import { Field, FieldNote, type FieldMessage } from '../../components/Field'
import { LengthCounter } from '../../components/LengthCounter'
import { SegmentedField } from '../../components/Segmented'
import { Section } from '../../kits/editor/EditorShell'
import type { DraftEditorState } from '../../state/drafts/draftEditor'

const RULES = LIMITS.post
type Change = DraftEditorState<'post'>['change']

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
const REPLY_OPTIONS = RULES.conversationSettings.values.map((value) => ({
  value,
  label: REPLY_LABELS[value],
}))
const MODE_OPTIONS = (['default', ...RULES.postMode.values] as const).map((value) => ({
  value,
  label: MODE_LABELS[value],
}))

/** Who can reply, promoted-only, the post's own name and the platform's answer format. */
export const PostDeliveryFields = memo(function PostDeliveryFields({
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
      <SegmentedField
        label="Who can reply"
        value={conversationSettings}
        options={REPLY_OPTIONS}
        onChange={(next) => change((c) => ({ ...c, conversationSettings: next }))}
        testIdPrefix="post-replies"
      />
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
        <SegmentedField
          label="Answer format"
          value={postMode ?? 'default'}
          options={MODE_OPTIONS}
          onChange={(value) => change((c) => ({ ...c, postMode: value === 'default' ? null : value }))}
          testIdPrefix="post-mode"
        />
      </details>
    </Section>
  )
})
