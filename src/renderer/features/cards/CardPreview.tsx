import { ChevronLeft, ChevronRight, ImageIcon, Play } from 'lucide-react'
import { memo, useId, useState, type KeyboardEvent } from 'react'
import { Avatar } from '../../components/Avatar'
import type { MediaRef } from '../../../shared/creatives/media'
import { mediaTypeOf } from '../../../shared/creatives/mediaType'
import { useMediaPreview } from '../../kits/media/mediaClient'
import { usePreviewAuthor } from '../../state/accounts/previewAuthor'
import { LABEL_TEXT } from './LabelSelect'
import type { CardPreviewModel, PreviewSlide } from './previewModel'
import './cardPreview.css'

/** Width over height for the media frame: the medium's own ratio, kept between 1:1 and 1.91:1 as the timeline does. */
function frameRatio(media: MediaRef | null, carousel: boolean): number {
  if (media?.width && media.height) return Math.min(Math.max(media.width / media.height, 1), 1.91)
  return carousel ? 1 : 1.91
}

/** What the frame says while it has no picture to show: what the medium is, as far as known. */
function placeholderLabel(media: MediaRef | null, video: boolean): string {
  if (!media) return 'Add media'
  if (video) return 'Video'
  return media.source === 'library' ? (media.name ?? 'Library media') : 'Image'
}

/** Memoised: a key typed in a slide's title renders its footer, not its media frame. */
const PreviewMedia = memo(function PreviewMedia({ media, ratio }: { media: MediaRef | null; ratio: number }) {
  const preview = useMediaPreview(media)
  const url = preview.state === 'ready' ? preview.url : null
  const video = media ? mediaTypeOf(media) === 'VIDEO' : false
  return (
    <div className="tl-media" style={{ aspectRatio: String(ratio) }}>
      {url ? (
        <img src={url} alt="" />
      ) : (
        <div className="tl-media__placeholder" data-has-media={media ? true : undefined}>
          {video ? (
            <Play size={28} aria-hidden="true" />
          ) : (
            <ImageIcon size={28} strokeWidth={1.5} aria-hidden="true" />
          )}
          <span>{placeholderLabel(media, video)}</span>
        </div>
      )}
    </div>
  )
})

function SlideFooter({ slide }: { slide: PreviewSlide }) {
  if (slide.button) {
    return (
      <div className="row row--spread tl-app">
        <div className="tl-app__meta">
          <span className="tl-app__stores">
            {slide.button.stores.length > 0 ? slide.button.stores.join(' · ') : 'App stores'}
          </span>
        </div>
        <span className="tl-app__button" data-empty={slide.button.label ? undefined : true}>
          {slide.button.label ? LABEL_TEXT[slide.button.label as keyof typeof LABEL_TEXT] : 'Label'}
        </span>
      </div>
    )
  }
  return (
    <div className="tl-details">
      <span className="tl-details__domain">{slide.domain ?? 'example.com'}</span>
      <span className="tl-details__title" data-empty={slide.title.trim() ? undefined : true}>
        {slide.title.trim() || 'Your title'}
      </span>
    </div>
  )
}

interface PreviewSlideProps {
  slide: PreviewSlide
  /** "2 of 6" in a carousel; undefined for a single card. */
  label: string | undefined
  hidden: boolean
  ratio: number
}

/** Whether a slide shows the same: the model is rebuilt on every key, its slides' values mostly are not. */
function sameSlide(a: PreviewSlide, b: PreviewSlide): boolean {
  if (a === b) return true
  const sameButton =
    a.button === b.button ||
    (a.button !== null &&
      b.button !== null &&
      a.button.label === b.button.label &&
      a.button.stores.join('\n') === b.button.stores.join('\n'))
  return a.key === b.key && a.media === b.media && a.title === b.title && a.domain === b.domain && sameButton
}

/** One slide of the preview: a key typed in slide 3 re-renders slide 3's preview only. */
const PreviewSlideView = memo(
  function PreviewSlideView({ slide, label, hidden, ratio }: PreviewSlideProps) {
    return (
      <div
        className="tl-slide"
        role={label ? 'group' : undefined}
        aria-roledescription={label ? 'slide' : undefined}
        aria-label={label}
        aria-hidden={hidden || undefined}
      >
        <PreviewMedia media={slide.media} ratio={ratio} />
        <SlideFooter slide={slide} />
      </div>
    )
  },
  (before, after) =>
    before.label === after.label &&
    before.hidden === after.hidden &&
    before.ratio === after.ratio &&
    sameSlide(before.slide, after.slide),
)

// Constant elements: the preview renders on every settled key, and React skips an element it
// has already rendered instead of building the icon's SVG again.
const PREVIOUS_ICON = <ChevronLeft size={16} aria-hidden="true" />
const NEXT_ICON = <ChevronRight size={16} aria-hidden="true" />

/**
 * The card as it will look in a timeline: media, title and domain, or the app button; a
 * carousel swipes with the buttons or the arrow keys.
 */
export function CardPreview({ model, name }: { model: CardPreviewModel; name: string }) {
  const [requested, setCurrent] = useState(0)
  // Its own id: the review sheet shows a second preview beside the editor's.
  const titleId = useId()
  const author = usePreviewAuthor()
  const count = model.slides.length
  const current = Math.min(requested, Math.max(count - 1, 0))
  const carousel = count > 1 || model.mode !== 'single'
  const ratio = frameRatio(model.slides[0]?.media ?? null, carousel && count > 1)
  const go = (index: number) => setCurrent(Math.min(Math.max(index, 0), count - 1))
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault()
      go(current + 1)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      go(current - 1)
    }
  }

  return (
    <section className="preview stack stack--tight" aria-labelledby={titleId}>
      <h2 className="visually-hidden" id={titleId}>
        Preview
      </h2>
      <article className="tl-post">
        <Avatar name={author.name} />
        <div className="tl-body">
          <div className="tl-author">
            <span className="tl-author__name">{author.name}</span>
            <span className="tl-author__meta">{author.handle ? `${author.handle} · ` : ''}Promoted</span>
          </div>
          <div className="tl-text" aria-hidden="true">
            <span />
            <span />
          </div>
          <div
            className="tl-card"
            role={count > 1 ? 'region' : undefined}
            aria-roledescription={count > 1 ? 'carousel' : undefined}
            aria-label={count > 1 ? `${name || 'Card'} carousel` : undefined}
            tabIndex={count > 1 ? 0 : undefined}
            onKeyDown={count > 1 ? onKeyDown : undefined}
          >
            <div
              className="tl-track"
              style={{
                transform: `translateX(calc(${-current} * (var(--tl-slide-width) + var(--space-2))))`,
              }}
              data-carousel={count > 1 || undefined}
            >
              {model.slides.map((slide, index) => (
                <PreviewSlideView
                  key={slide.key}
                  slide={slide}
                  label={count > 1 ? `${index + 1} of ${count}` : undefined}
                  hidden={count > 1 && index !== current}
                  ratio={ratio}
                />
              ))}
            </div>
          </div>
          {count > 1 ? (
            <div className="tl-nav row">
              <button
                type="button"
                className="icon-button"
                aria-label="Previous slide"
                disabled={current === 0}
                onClick={() => go(current - 1)}
              >
                {PREVIOUS_ICON}
              </button>
              <div className="tl-dots" aria-hidden="true">
                {model.slides.map((slide, index) => (
                  <span key={slide.key} className="tl-dot" data-active={index === current || undefined} />
                ))}
              </div>
              <span className="tl-count" aria-live="polite">
                {current + 1} / {count}
              </span>
              <button
                type="button"
                className="icon-button"
                aria-label="Next slide"
                disabled={current === count - 1}
                onClick={() => go(current + 1)}
              >
                {NEXT_ICON}
              </button>
            </div>
          ) : null}
        </div>
      </article>
    </section>
  )
}
