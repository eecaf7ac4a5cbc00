import { FileImage, Film, ImageUp, Library, LoaderCircle, Upload, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import type { MediaRef } from '../../../shared/creatives/media'
import { mediaTypeOf } from '../../../shared/creatives/mediaType'
import type { MediaUse } from '../../../shared/creatives/mediaChecks'
import { mediaChecks } from '../../../shared/creatives/mediaChecks'
import type { Issue } from '../../../shared/rules/issues'
import { Button } from '../../components/Button'
import { useReadOnly } from '../../components/ReadOnlyFieldset'
import { IpcFailure } from '../../lib/ipc'
import { useAction } from '../../lib/useAction'
import { InlineIssues } from '../../components/InlineIssues'
import { inspectDroppedFile, pickLocalMedia, useMediaPreview } from './mediaClient'
import { LibraryPickerDialog } from './LibraryPickerDialog'
import type { MediaType } from '../../../shared/rules/limits'
import { IconButton } from '../../components/IconButton'

/** Which library media fit each use, so the picker only offers what the rules allow. */
const LIBRARY_TYPES: Partial<Record<MediaUse, MediaType[]>> = {
  card_media: ['IMAGE', 'VIDEO'],
  carousel_item: ['IMAGE', 'VIDEO'],
  poll_media: ['IMAGE', 'VIDEO'],
  conversation_video: ['VIDEO'],
  conversation_poster: ['IMAGE'],
  unlock_image: ['IMAGE'],
  unlock_video: ['VIDEO'],
}
import { mediaFacts, mediaTitle } from './format'
import './media.css'

export interface MediaPickerProps {
  use: MediaUse
  value: MediaRef | null
  onChange(ref: MediaRef | null): void
  /** Media already in the same place (other carousel items), for the rules that compare them. */
  siblings?: readonly MediaRef[]
  label: string
  /** Issues the caller's validator found for this medium, shown with the picker's own checks. */
  issues?: readonly Pick<Issue, 'message' | 'severity'>[]
  /** Compact layout for carousel items. */
  compact?: boolean
  /** Offers "Remove"; off where the surrounding item has its own remove button. */
  removable?: boolean
}

const USE_HINTS: Partial<Record<MediaUse, string>> = {
  card_media: 'An image or a video.',
  carousel_item: 'An image or a video; carousel media share one aspect ratio.',
  poll_media: 'An image (at least 800 px wide, 1.91:1) or a video.',
  conversation_video: 'A 16:9 video.',
}

/**
 * Chooses a medium for one place in a creative: a local file (file dialog or drop, read in
 * main) or a library media key. Shows what the file is and what the rules say about it here.
 */
export function MediaPicker({
  use,
  value,
  onChange,
  siblings = [],
  label,
  issues = [],
  compact = false,
  removable = true,
}: MediaPickerProps) {
  const id = useId()
  const reading = useAction<'reading', string>((error) =>
    error instanceof IpcFailure ? error.message : 'The file could not be read.',
  )
  const busy = reading.busy !== null
  const { problem: failure, setProblem: setFailure } = reading
  const [dragging, setDragging] = useState(false)
  const [keyEntry, setKeyEntry] = useState<string | null>(null)
  const [browsing, setBrowsing] = useState(false)
  const preview = useMediaPreview(value)
  const rootRef = useRef<HTMLDivElement>(null)
  const libraryButtonRef = useRef<HTMLButtonElement>(null)
  // A picker in a published creative: its media can no longer change, so "choose this file
  // again" would ask for something the designer cannot do.
  const readOnly = useReadOnly()
  // After a pick, a removal or a key, the button that was pressed is gone: focus the picker's
  // main action in its new state ("Replace" once chosen, "Choose file…" once empty).
  const refocus = useRef(false)
  const changeHere = (ref: MediaRef | null) => {
    refocus.current = true
    onChange(ref)
  }
  useEffect(() => {
    if (!refocus.current) return
    refocus.current = false
    requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>('[data-main-action]')?.focus())
  }, [value])

  const run = (work: () => Promise<MediaRef | null>) =>
    reading.run('reading', async () => {
      const ref = await work()
      if (ref) changeHere(ref)
    })
  const choose = () => run(async () => (await pickLocalMedia())?.media ?? null)

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (!file) return
    void run(async () => {
      const dropped = await inspectDroppedFile(file)
      if (!dropped) setFailure(`${file.name} could not be opened from a drop. Use “Choose file…” instead.`)
      return dropped?.media ?? null
    })
  }
  const applyKey = () => {
    const mediaKey = keyEntry?.trim()
    if (!mediaKey) return
    changeHere({ source: 'library', mediaKey })
    setKeyEntry(null)
  }

  const checks = value ? mediaChecks(use, value, siblings) : []
  const shown = [...checks, ...issues]
  const issuesId = `${id}-issues`
  const type = value ? mediaTypeOf(value) : undefined
  const TypeIcon = type === 'VIDEO' ? Film : FileImage

  return (
    <div
      className={['media-picker stack stack--snug', compact ? 'media-picker--compact' : '']
        .filter(Boolean)
        .join(' ')}
      ref={rootRef}
      data-dragging={dragging || undefined}
      data-invalid={shown.some((issue) => issue.severity === 'error') || undefined}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={shown.length > 0 ? issuesId : undefined}
    >
      <div className="media-picker__label" id={`${id}-label`}>
        {label}
      </div>
      {value ? (
        <div className="card-surface media-picker__chosen">
          <div className="media-picker__thumb" aria-hidden="true">
            {preview.state === 'ready' && preview.url ? (
              <img src={preview.url} alt="" />
            ) : preview.state === 'loading' ? (
              <LoaderCircle className="spin" size={18} />
            ) : (
              <TypeIcon size={22} strokeWidth={1.75} />
            )}
          </div>
          <div className="media-picker__info">
            <div
              className="truncate media-picker__name"
              title={value.source === 'local' ? value.path : undefined}
            >
              {mediaTitle(value)}
            </div>
            <div className="facts media-picker__facts">{mediaFacts(value).join(' · ')}</div>
            {value.source === 'local' ? (
              <div className="media-picker__note">Local file · uploaded when you publish</div>
            ) : null}
          </div>
          <div className="media-picker__actions">
            <button
              type="button"
              className="icon-button"
              onClick={() => void choose()}
              disabled={busy}
              data-main-action
              aria-label={`Replace ${label.toLowerCase()}`}
              title="Replace with another file"
            >
              {busy ? (
                <LoaderCircle size={16} className="spin" aria-hidden="true" />
              ) : (
                <ImageUp size={16} aria-hidden="true" />
              )}
            </button>
            {removable ? (
              <IconButton
                icon={X}
                tone="danger"
                onClick={() => changeHere(null)}
                label={`Remove ${label.toLowerCase()}`}
                title="Remove"
              />
            ) : null}
          </div>
        </div>
      ) : (
        <div className="well media-picker__empty" data-dragging={dragging || undefined}>
          <Upload size={18} aria-hidden="true" className="media-picker__empty-icon" />
          <div className="media-picker__empty-text">
            <span>Drop an image or video here, or</span>
            {compact ? null : <span className="media-picker__hint">{USE_HINTS[use] ?? ''}</span>}
          </div>
          <div className="media-picker__empty-actions">
            <Button
              variant="secondary"
              onClick={() => void choose()}
              busy={busy}
              data-main-action
              aria-label={`Choose file for ${label.toLowerCase()}`}
            >
              Choose file…
            </Button>
            <Button
              ref={libraryButtonRef}
              variant="secondary"
              onClick={() => setBrowsing(true)}
              aria-label={`${compact ? 'Library' : 'From library'} for ${label.toLowerCase()}`}
            >
              <Library size={16} aria-hidden="true" />
              {compact ? 'Library' : 'From library…'}
            </Button>
            <LibraryPickerDialog
              open={browsing}
              onOpenChange={setBrowsing}
              {...(LIBRARY_TYPES[use] ? { mediaType: LIBRARY_TYPES[use] } : {})}
              onPick={(ref) => {
                setBrowsing(false)
                changeHere(ref)
              }}
              onCloseAutoFocus={(event) => {
                // Closed without a pick, back to "From library…"; after one, that button is gone:
                // the chosen medium's main action ("Replace") takes focus, never the page body.
                event.preventDefault()
                const opener = libraryButtonRef.current
                const target = opener?.isConnected
                  ? opener
                  : rootRef.current?.querySelector<HTMLElement>('[data-main-action]')
                target?.focus()
              }}
            />
            {keyEntry === null ? (
              <Button
                variant="ghost"
                onClick={() => setKeyEntry('')}
                aria-label={`${compact ? 'Key' : 'Media key'} for ${label.toLowerCase()}`}
              >
                {compact ? 'Key' : 'Media key'}
              </Button>
            ) : null}
          </div>
        </div>
      )}
      {keyEntry !== null && !value ? (
        <div className="media-picker__key">
          <label className="visually-hidden" htmlFor={`${id}-key`}>
            Library media key
          </label>
          <input
            id={`${id}-key`}
            className="input"
            placeholder="Library media key, e.g. 3_1234567890"
            value={keyEntry}
            autoFocus
            onChange={(event) => setKeyEntry(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') applyKey()
              if (event.key === 'Escape') setKeyEntry(null)
            }}
          />
          <Button variant="secondary" onClick={applyKey} disabled={!keyEntry.trim()}>
            Use
          </Button>
          <Button variant="ghost" onClick={() => setKeyEntry(null)}>
            Cancel
          </Button>
        </div>
      ) : null}
      {preview.state === 'problem' && !readOnly ? (
        <InlineIssues issues={[{ severity: 'warning', message: preview.message }]} />
      ) : null}
      {failure ? <InlineIssues issues={[{ severity: 'error', message: failure }]} /> : null}
      <InlineIssues id={issuesId} issues={shown} />
    </div>
  )
}
