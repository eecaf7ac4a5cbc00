import { useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import type { PostLength } from '../../../shared/rules/postLength'
import type { FieldMessage } from './editorKit/issues'
import { FieldNote } from './editorKit/Field'
import { LengthRing } from './LengthRing'
import { splitAtOverflow } from './counterState'

/** The textarea's height range: it grows with the text, then scrolls (composer.css). */
const MIN_HEIGHT = 132
const MAX_HEIGHT = 360

/**
 * Grows the textarea with short text. Once the text is taller than the largest height the
 * textarea keeps it and scrolls, and reading its scroll height costs only the layout of what
 * the key changed; the height is only reset (a full layout) while the text is short.
 */
function useGrowingHeight(text: string) {
  const ref = useRef<HTMLTextAreaElement>(null)
  useLayoutEffect(() => {
    const area = ref.current
    if (!area) return
    if (area.offsetHeight >= MAX_HEIGHT && area.scrollHeight > MAX_HEIGHT) return
    area.style.height = `${MIN_HEIGHT}px`
    area.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, area.scrollHeight))}px`
  }, [text])
  return ref
}

/**
 * The post text: a textarea over a mirror of its text in which the part past the limit is
 * highlighted. Both share font, padding, wrapping and scroll position, so the highlight sits
 * exactly under the overflowing characters; the mirror exists only while there is an
 * overflow, so a long post within the limit is laid out once per key, not twice.
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
  const areaRef = useGrowingHeight(text)
  const mirrorRef = useRef<HTMLDivElement>(null)
  const followScroll = () => {
    if (mirrorRef.current && areaRef.current) mirrorRef.current.scrollTop = areaRef.current.scrollTop
  }
  useLayoutEffect(followScroll)
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
            {overflow ? (
              <div className="post-text__mirror" aria-hidden="true" ref={mirrorRef}>
                {within}
                <mark className="post-text__overflow" data-testid="post-overflow">
                  {overflow}
                </mark>
                {'\u200b'}
              </div>
            ) : null}
            <textarea
              ref={areaRef}
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
              onScroll={followScroll}
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
