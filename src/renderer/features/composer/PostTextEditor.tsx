import { memo, useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import type { PostLength } from '../../../shared/rules/postLength'
import type { FieldMessage } from '../../components/Field'
import { FieldNote } from '../../components/Field'
import { LengthRing } from './LengthRing'
import { splitAtOverflow } from './counterState'

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
  // The textarea's height follows its text in CSS (field-sizing, composer.css): nothing here
  // reads layout on a keystroke, so the browser lays the text out once per key.
  const areaRef = useRef<HTMLTextAreaElement>(null)
  const mirrorRef = useRef<HTMLDivElement>(null)
  const followScroll = () => {
    if (mirrorRef.current && areaRef.current) mirrorRef.current.scrollTop = areaRef.current.scrollTop
  }
  // When the mirror appears; after that the textarea's scroll events keep it in step.
  const mirrored = overflow !== ''
  useLayoutEffect(() => {
    if (mirrored && mirrorRef.current && areaRef.current)
      mirrorRef.current.scrollTop = areaRef.current.scrollTop
  }, [mirrored])
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
                <MirrorParagraphs text={text} overflowStart={within.length} />
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

/**
 * The mirror's text, one block per paragraph (the textarea wraps each paragraph on its own, so
 * the lines fall in the same places). A key changes one paragraph: React rewrites that block's
 * text alone and the browser re-lays out that block alone. One text for the whole mirror made
 * every key re-lay out all 25,000 characters, 6 ms a key (rule P5, bench/PERFORMANCE.md).
 */
function MirrorParagraphs({ text, overflowStart }: { text: string; overflowStart: number }) {
  let start = 0
  let marked = false
  return text.split('\n').map((paragraph, index) => {
    const within = Math.min(Math.max(overflowStart - start, 0), paragraph.length)
    start += paragraph.length + 1
    const first = within < paragraph.length && !marked
    if (first) marked = true
    // Keyed by place: a paragraph is its place in the text.
    return <MirrorParagraph key={index} text={paragraph} within={within} first={first} />
  })
}

/** One paragraph: the part within the limit, then the part past it marked. */
const MirrorParagraph = memo(function MirrorParagraph({
  text,
  within,
  first,
}: {
  text: string
  within: number
  first: boolean
}) {
  // An empty paragraph is still a line in the textarea.
  if (text === '') return <div>{'\u200b'}</div>
  return (
    <div>
      {text.slice(0, within)}
      {within < text.length ? (
        // The test id marks where the overflow starts (the first marked paragraph).
        <mark className="post-text__overflow" data-testid={first ? 'post-overflow' : undefined}>
          {text.slice(within)}
        </mark>
      ) : null}
    </div>
  )
})
