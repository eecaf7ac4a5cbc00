import { Layers } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/Button'
import { useOptionalDraftEditorStore } from '../../state/drafts/draftEditor'
import { VariantsDialog } from './VariantsDialog'
import './variants.css'

/** "Make variants…" for an editor: saves what was typed, then opens the dialog on this draft. */
export function MakeVariantsButton({ draftId, draftName }: { draftId: string; draftName: string }) {
  const editor = useOptionalDraftEditorStore()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const openDialog = async () => {
    setBusy(true)
    // Main makes the variants from the draft it has: the last keystrokes land first.
    await editor
      ?.getState()
      .flush()
      .catch(() => undefined)
    setBusy(false)
    setOpen(true)
  }
  return (
    <>
      <Button
        variant="ghost"
        busy={busy}
        onClick={() => void openDialog()}
        data-testid="make-variants"
        aria-label="Make variants…"
        title="Make variants: copies of this draft with other headlines, media or links"
      >
        <Layers size={16} aria-hidden="true" />
      </Button>
      <VariantsDialog draftId={draftId} draftName={draftName} open={open} onOpenChange={setOpen} />
    </>
  )
}
