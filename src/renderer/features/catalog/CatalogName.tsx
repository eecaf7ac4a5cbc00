import { memo, useEffect, useState } from 'react'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { studio, unwrap } from '../../lib/ipc'
import { failureOf } from '../../lib/failures'

/**
 * The catalog's name: create the one catalog, rename it, or adopt the one the user already has
 * (A:9). Memoized, as are the page's other parts: the page re-renders every second while sending.
 */
export const CatalogName = memo(function CatalogName({
  profileId,
  current,
  onSaved,
}: {
  profileId: string
  current: { name: string; status: 'pending' | 'created' } | null
  onSaved(): void
}) {
  const [name, setName] = useState(current?.name ?? '')
  const [error, setError] = useState<string | undefined>()
  const [existing, setExisting] = useState(false)
  const [busy, setBusy] = useState(false)
  useEffect(() => setName(current?.name ?? ''), [current?.name])
  const save = async () => {
    setBusy(true)
    setError(undefined)
    setExisting(false)
    try {
      await unwrap(studio().catalog.save({ profileId, name }))
      onSaved()
    } catch (failure) {
      const { message, field } = failureOf(failure)
      setError(message)
      setExisting(field === 'existingCatalog')
    } finally {
      setBusy(false)
    }
  }
  // The user's one catalog exists already (A:9): reading it from the platform adopts it.
  const adoptExisting = async () => {
    setBusy(true)
    try {
      await unwrap(studio().catalog.refresh({ profileId }))
      setError(undefined)
      setExisting(false)
      onSaved()
    } catch (failure) {
      setError(failureOf(failure).message)
    } finally {
      setBusy(false)
    }
  }
  const changed = name.trim() !== (current?.name ?? '') && name.trim() !== ''
  return (
    <form
      className="catalog-name"
      onSubmit={(event) => {
        event.preventDefault()
        if (changed) void save()
      }}
    >
      <Field
        label="Catalog name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error}
        hint={
          current
            ? current.status === 'pending'
              ? 'Waiting in the outbox to be created on the platform.'
              : 'Your one catalog on the platform.'
            : 'Each user has one product catalog. Name it to create it.'
        }
        data-testid="catalog-name"
      />
      <Button
        type="submit"
        variant={current ? 'secondary' : 'primary'}
        disabled={!changed}
        busy={busy}
        data-testid="catalog-save"
      >
        {current ? 'Rename' : 'Create catalog'}
      </Button>
      {existing ? (
        <Button
          variant="primary"
          busy={busy}
          onClick={() => void adoptExisting()}
          data-testid="catalog-use-existing"
        >
          Use the existing catalog
        </Button>
      ) : null}
    </form>
  )
})
