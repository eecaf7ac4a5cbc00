import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { plural } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { Field } from '../../components/Field'
import { studio, unwrap } from '../../lib/ipc'
import { failureOf } from '../../lib/failures'

/**
 * Deletes the user's catalog on the platform (A:99, permanent), behind a confirmation that names
 * what goes with it and asks for the catalog's name.
 */
export function CatalogDelete({
  profileId,
  name,
  products,
  sets,
  onQueued,
  unavailableNote,
}: {
  /** The id of the line that says why deleting waits (the platform is out of reach). */
  unavailableNote?: string | undefined
  profileId: string
  name: string
  /** Products on the platform, which go with the catalog. */
  products: number
  sets: number
  onQueued(): void
}) {
  const [typed, setTyped] = useState('')
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null)
  const remove = async () => {
    try {
      await unwrap(studio().catalog.delete({ profileId, confirmName: typed }))
      setNotice({ tone: 'info', text: `“${name}” is being deleted (see the outbox).` })
      onQueued()
    } catch (error) {
      setNotice({ tone: 'error', text: failureOf(error).message })
    }
  }
  return (
    <div className="catalog-delete">
      <ConfirmDialog
        trigger={
          <Button
            variant="ghost"
            data-testid="catalog-delete"
            disabled={unavailableNote !== undefined}
            aria-describedby={unavailableNote}
          >
            <Trash2 size={16} aria-hidden="true" />
            Delete catalog
          </Button>
        }
        title={`Delete the catalog “${name}”?`}
        description={`It is deleted on the platform permanently, with ${plural(products, 'product')} and ${plural(sets, 'product set')}. Ads that show them stop finding them. Products never sent stay here.`}
        confirmLabel="Delete catalog"
        onConfirm={() => void remove()}
      >
        <Field
          label={`Type “${name}” to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="catalog-delete-name"
        />
      </ConfirmDialog>
      {notice ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
    </div>
  )
}
