import { Dialog } from 'radix-ui'
import { useOpenerFocus } from '../../lib/useOpenerFocus'
import { useCallback, useEffect, useState } from 'react'
import type { ResponseOf } from '../../../shared/ipc/contract'
import { plural } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'
import { DialogActions } from '../../components/DialogActions'

type QuarantinedFile = ResponseOf<'drafts.quarantine'>['files'][number]
type OpenedFile = ResponseOf<'drafts.quarantineRead'>

const messageOf = (error: unknown) =>
  error instanceof IpcFailure ? error.message : 'Something went wrong. Try again.'

/** A quarantined file as text, read only: to see what is wrong before fixing it elsewhere. */
function TextViewer({ file, onClose }: { file: OpenedFile; onClose: () => void }) {
  const openerFocus = useOpenerFocus()
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog quarantine-viewer" {...openerFocus}>
          <Dialog.Title className="dialog__title">{file.name}</Dialog.Title>
          <Dialog.Description className="dialog__description">
            Read only. To fix it, edit the file in the quarantine folder with a text editor, then choose
            Restore.
            {file.truncated ? ' Only the first megabyte is shown.' : ''}
          </Dialog.Description>
          <pre
            className="card-surface quarantine-viewer__text"
            tabIndex={0}
            aria-label={`Contents of ${file.name}`}
          >
            {file.text.length > 0 ? file.text : '(the file is empty)'}
          </pre>
          <DialogActions closeLabel="Close" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/**
 * Draft files that could not be read were moved to the quarantine folder, never deleted.
 * Here they can be read as text, restored once fixed (main validates them as it would an
 * import) or deleted after a confirmation.
 */
export function QuarantinePanel({
  listed,
  onRestored,
}: {
  /**
   * How many quarantined files the drafts list last named: when it changes, the panel reads the
   * folder again. It is not a key: a panel started over would drop a file being opened.
   */
  listed: number
  onRestored: () => void
}) {
  const [files, setFiles] = useState<QuarantinedFile[]>([])
  const [opened, setOpened] = useState<OpenedFile | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [done, setDone] = useState<string | null>(null)

  const refresh = useCallback(async () => {
    try {
      setFiles((await unwrap(studio().drafts.quarantine({}))).files)
    } catch {
      // The list of drafts says when the drafts folder cannot be read; nothing to add here.
    }
  }, [])
  useEffect(() => {
    void refresh()
  }, [refresh, listed])

  const act = async (name: string, work: () => Promise<string | null>) => {
    setBusy(name)
    setDone(null)
    setProblems(({ [name]: _dropped, ...rest }) => rest)
    try {
      const outcome = await work()
      if (outcome) setDone(outcome)
    } catch (error) {
      setProblems((current) => ({ ...current, [name]: messageOf(error) }))
    } finally {
      setBusy(null)
    }
  }

  const open = (name: string) =>
    act(name, async () => {
      setOpened(await unwrap(studio().drafts.quarantineRead({ name })))
      return null
    })
  const restore = (name: string) =>
    act(name, async () => {
      const { draft } = await unwrap(studio().drafts.quarantineRestore({ name }))
      await refresh()
      onRestored()
      return `Restored “${draft.name}” to your drafts.`
    })
  const remove = (name: string) =>
    act(name, async () => {
      await unwrap(studio().drafts.quarantineDelete({ name }))
      await refresh()
      return `Deleted ${name}.`
    })

  if (files.length === 0) return done ? <Banner tone="success">{done}</Banner> : null
  return (
    <section className="quarantine-panel" aria-labelledby="quarantine-title">
      <Banner tone="info">
        <strong id="quarantine-title">{plural(files.length, 'draft file')} could not be read</strong> and{' '}
        {files.length === 1 ? 'was' : 'were'} moved aside to the quarantine folder, not deleted.
        <ul className="quarantine-list">
          {files.map((file) => (
            <li key={file.name} className="row row--spread quarantine-item">
              <div className="quarantine-item__text">
                <code>{file.name}</code>
                {file.message ? <span> — {file.message}</span> : null}
                {problems[file.name] ? (
                  <p className="quarantine-item__problem" role="alert">
                    {problems[file.name]}
                  </p>
                ) : null}
              </div>
              <div className="quarantine-item__actions">
                <Button variant="ghost" busy={busy === file.name} onClick={() => void open(file.name)}>
                  Open as text
                </Button>
                <Button variant="secondary" disabled={busy !== null} onClick={() => void restore(file.name)}>
                  Restore
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button variant="ghost" disabled={busy !== null} aria-label={`Delete ${file.name}`}>
                      Delete…
                    </Button>
                  }
                  title="Delete this file for good?"
                  description={
                    <>
                      <code>{file.name}</code> will be removed from the quarantine folder. It cannot be
                      restored afterwards.
                    </>
                  }
                  confirmLabel="Delete file"
                  onConfirm={() => void remove(file.name)}
                />
              </div>
            </li>
          ))}
        </ul>
      </Banner>
      {done ? <Banner tone="success">{done}</Banner> : null}
      {opened ? <TextViewer file={opened} onClose={() => setOpened(null)} /> : null}
    </section>
  )
}
