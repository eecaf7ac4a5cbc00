import { FileVideo, Upload } from 'lucide-react'
import { Dialog, RadioGroup } from 'radix-ui'
import { useOpenerFocus } from '../../lib/useOpenerFocus'
import { useState } from 'react'
import type { LocalMediaRef } from '../../../shared/creatives/media'
import { emptyMediaLibraryContent } from '../../../shared/creatives/mediaLibrary'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'
import { ACCOUNT_LIMITS } from '../../../shared/rules/accountLimits'
import { LIMITS } from '../../../shared/rules/limits'
import { Button } from '../../components/Button'
import { studio, unwrap } from '../../lib/ipc'
import { Field, FieldAlert } from '../../components/Field'
import { formatBytes } from '../../kits/jobs/outboxModel'
import { JobReport } from '../../kits/jobs/JobReport'
import { failureText, useJob } from '../../kits/jobs/useJob'
import { DialogTitleBar } from '../../components/DialogTitleBar'
import { DialogActions } from '../../components/DialogActions'

type Category = (typeof ACCOUNT_LIMITS.videoUploadCategories.values)[number]

const CATEGORY_INFO: Record<Category, { title: string; body: string }> = {
  POST_VIDEO: { title: 'Post video', body: 'For posts and cards. The usual choice.' },
  ADS_VIDEO: {
    title: 'Ads video',
    body: 'Also becomes pre-roll video account media, for pre-roll line items on publisher content.',
  },
}

/**
 * Upload a video from this computer to the media library, choosing its media category (B:31):
 * POST_VIDEO, or ADS_VIDEO, which the platform also makes PREROLL account media (B:63). It is
 * a media library draft published through the outbox, like every other upload.
 */
export function UploadVideoDialog({
  onClose,
  onUploaded,
}: {
  onClose(): void
  onUploaded(job: OutboxJobView, category: Category): void
}) {
  const [file, setFile] = useState<LocalMediaRef | null>(null)
  const openerFocus = useOpenerFocus()
  const [pickError, setPickError] = useState<string | null>(null)
  const [category, setCategory] = useState<Category>('ADS_VIDEO')
  const [name, setName] = useState('')
  const job = useJob((finished) => {
    if (finished.state === 'published') onUploaded(finished, category)
  })

  const pick = async () => {
    setPickError(null)
    try {
      const result = await unwrap(studio().media.pickLocal({}))
      if (!result.picked) return
      if (!result.media.mimeType.startsWith('video/')) {
        setPickError('Choose a video: the media category applies to videos only.')
        return
      }
      setFile(result.media)
      if (name === '')
        setName(
          result.media.path
            .split(/[\\/]/)
            .pop()
            ?.replace(/\.[^.]+$/, '') ?? '',
        )
    } catch (error) {
      setPickError(failureText(error))
    }
  }

  const nameMax = LIMITS.mediaLibrary.name.max
  const nameError = [...name].length > nameMax ? `A name has at most ${nameMax} characters` : undefined
  const upload = () => {
    if (!file || nameError) return
    void job.start(async () => {
      const draft = await unwrap(
        studio().drafts.create({ kind: 'media_library', ...(name.trim() ? { name: name.trim() } : {}) }),
      )
      await unwrap(
        studio().drafts.update({
          id: draft.id,
          content: { ...emptyMediaLibraryContent(), media: file, name: name.trim(), mediaCategory: category },
        }),
      )
      return unwrap(studio().outbox.enqueue({ draftId: draft.id }))
    })
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--wide" data-testid="upload-video-dialog" {...openerFocus}>
          <DialogTitleBar className="dialog__head" closeSize={18}>
            Upload a video
          </DialogTitleBar>
          <Dialog.Description className="dialog__description">
            It goes to the media library through the Outbox, and keeps going if you close this.
          </Dialog.Description>
          <div className="stack stack--tight upload-video">
            <div className="row row--loose upload-video__file">
              <FileVideo size={20} aria-hidden="true" />
              <span className="upload-video__name">
                {file ? (
                  <>
                    <span className="upload-video__file-name">{file.path.split(/[\\/]/).pop()}</span>
                    <span className="upload-video__facts">
                      {formatBytes(file.bytes)}
                      {file.width && file.height ? ` · ${file.width} × ${file.height}` : ''}
                      {file.durationSeconds !== undefined ? ` · ${Math.round(file.durationSeconds)} s` : ''}
                    </span>
                  </>
                ) : (
                  <span className="muted">No video chosen</span>
                )}
              </span>
              <Button onClick={() => void pick()} disabled={job.busy}>
                {file ? 'Change…' : 'Choose video…'}
              </Button>
            </div>
            <FieldAlert message={pickError} />
            <fieldset className="fieldset">
              <legend className="fieldset__legend">Media category</legend>
              <RadioGroup.Root
                className="choice-cards"
                value={category}
                onValueChange={(value) => setCategory(value as Category)}
                aria-label="Media category"
              >
                {ACCOUNT_LIMITS.videoUploadCategories.values.map((value) => (
                  <RadioGroup.Item
                    key={value}
                    value={value}
                    className="choice-card"
                    data-testid={`category-${value}`}
                  >
                    <span className="choice-card__label">
                      {CATEGORY_INFO[value].title} <code className="code">{value}</code>
                    </span>
                    <span className="choice-card__hint">{CATEGORY_INFO[value].body}</span>
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
            </fieldset>
            <Field
              label="Name in the library"
              value={name}
              onChange={(event) => setName(event.target.value)}
              message={nameError ? { text: nameError, severity: 'error' } : undefined}
              hint="Optional."
              data-testid="upload-name"
            />
            <JobReport
              state={job.state}
              onRetry={() => void job.retry()}
              done={() =>
                category === 'ADS_VIDEO'
                  ? 'Uploaded. It is in the media library and below as PREROLL account media.'
                  : 'Uploaded to the media library.'
              }
            />
          </div>
          <DialogActions closeLabel={job.busy ? 'Close' : 'Cancel'}>
            <Button
              variant="primary"
              onClick={upload}
              disabled={!file || nameError !== undefined}
              busy={job.busy}
              data-testid="upload-start"
            >
              <Upload size={16} aria-hidden="true" />
              Upload
            </Button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
