import { useId, type ReactNode } from 'react'
import type { PostLength } from '../../../shared/rules/postLength'
import type { FieldMessage } from './editorKit/issues'
import { FieldNote } from './editorKit/Field'
import { LengthRing } from './LengthRing'
import { splitAtOverflow } from './counterState'

/**
 * The post text: a textarea over a mirror of its text in which the part past the limit is
 * highlighted. Both share font, padding and wrapping, and the mirror sets the height, so the
 * highlight sits exactly under the overflowing characters.
 */
export function PostTextEditor({
  text,
  length,
  counterUnavailable,
  onChange,
  onBlur,
  message,
  limitPicker,
}: {
  text: string
  length: PostLength | null
  counterUnavailable: boolean
  onChange: (text: string) => void
  onBlur: () => void
  message?: FieldMessage | undefined
  limitPicker: ReactNode
}) {
  const id = useId()
  const [within, overflow] = splitAtOverflow(text, length?.overflowStartIndex ?? null)
  return (
    <div className="field post-text">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          Text
        </label>
      </div>
      <div className="post-text__box" data-invalid={message?.severity === 'error' || undefined}>
        <div className="post-text__scroller">
          <div className="post-text__layers">
            <div className="post-text__mirror" aria-hidden="true">
              {within}
              {overflow ? (
                <mark className="post-text__overflow" data-testid="post-overflow">
                  {overflow}
                </mark>
              ) : null}
              {'\u200b'}
            </div>
            <textarea
              id={id}
              className="post-text__input"
              value={text}
              placeholder="What do you want people to read?"
              spellCheck
              aria-invalid={message?.severity === 'error' || undefined}
              aria-describedby={`${id}-note`}
              data-testid="post-text"
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
            />
          </div>
        </div>
        <div className="post-text__footer">
          {limitPicker}
          <LengthRing length={length} unavailable={counterUnavailable} />
        </div>
      </div>
      <FieldNote
        id={`${id}-note`}
        message={message}
        hint="Links count as 23 characters and most emoji and CJK characters as 2, as the platform counts them."
      />
    </div>
  )
}
