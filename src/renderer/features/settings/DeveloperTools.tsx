import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { KeySquare, Webhook } from 'lucide-react'
import { Button } from '../../components/Button'
import { Field, FieldAlert } from '../../components/Field'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'
import { useConnectStore } from '../../state/connection/connectStore'
import { StreamConnections } from './StreamConnections'
import { WebhookReplay } from './WebhookReplay'
import './developerTools.css'

/** Spec: platform-auth-events-releases.md, "webhook_id … pattern ^[0-9]{1,19}$". Checked again in main. */
const WEBHOOK_ID = /^[0-9]{1,19}$/

type Bearer = { present: boolean; masked?: string | undefined }

function messageOf(error: unknown): string {
  return error instanceof IpcFailure ? error.message : 'Something went wrong. Try again.'
}

export function DeveloperTools() {
  const { profiles, activeProfileId } = useConnectStore((state) => state.list)
  const loadProfiles = useConnectStore((state) => state.load)
  const profile = profiles.find((candidate) => candidate.id === activeProfileId)
  const [bearer, setBearer] = useState<Bearer | null>(null)
  const [bearerError, setBearerError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'create' | 'revoke' | 'webhook' | null>(null)
  const [webhookId, setWebhookId] = useState('')
  const [webhookError, setWebhookError] = useState<string | null>(null)
  const [webhookResult, setWebhookResult] = useState<string | null>(null)

  useEffect(() => {
    void loadProfiles()
  }, [loadProfiles])
  useEffect(() => {
    if (!profile) return
    let current = true
    unwrap(studio().devtools.bearerStatus({ profileId: profile.id }))
      .then((status) => current && setBearer(status))
      .catch((error: unknown) => current && setBearerError(messageOf(error)))
    return () => {
      current = false
    }
  }, [profile])

  // The tools below create the bearer token when they need one; its status follows.
  const refreshBearer = useCallback(() => {
    if (!profile) return
    unwrap(studio().devtools.bearerStatus({ profileId: profile.id }))
      .then(setBearer)
      .catch(() => undefined)
  }, [profile])

  if (!profile) {
    return (
      <section className="panel" aria-labelledby="devtools-title">
        <h2 id="devtools-title" className="panel__title">
          Developer tools
        </h2>
        <p className="panel__hint">Connect a profile first: these tools act on its app.</p>
      </section>
    )
  }

  const bearerAction = async (action: 'create' | 'revoke') => {
    setBusy(action)
    setBearerError(null)
    try {
      const call = action === 'create' ? studio().devtools.bearerCreate : studio().devtools.bearerRevoke
      setBearer(await unwrap(call({ profileId: profile.id })))
    } catch (error) {
      setBearerError(messageOf(error))
    } finally {
      setBusy(null)
    }
  }

  const deleteWebhook = async (event: FormEvent) => {
    event.preventDefault()
    setWebhookResult(null)
    const id = webhookId.trim()
    if (!WEBHOOK_ID.test(id)) {
      setWebhookError('A webhook id is a number of 1 to 19 digits')
      return
    }
    setBusy('webhook')
    setWebhookError(null)
    try {
      const result = await unwrap(studio().devtools.deleteWebhook({ profileId: profile.id, webhookId: id }))
      if (result.deleted) setWebhookResult(`Webhook ${id} was deleted.`)
      else if (result.problem) {
        const { title, detail, status, message } = result.problem
        setWebhookError(
          [title ?? message, detail, status ? `(HTTP ${status})` : null].filter(Boolean).join(' — '),
        )
      } else setWebhookResult(`The platform did not delete webhook ${id}.`)
    } catch (error) {
      setWebhookError(messageOf(error))
    } finally {
      setBusy(null)
      refreshBearer()
    }
  }

  return (
    <section className="panel" aria-labelledby="devtools-title">
      <h2 id="devtools-title" className="panel__title">
        Developer tools
      </h2>
      <p className="panel__hint">For {profile.label}. The app-only bearer token stays in the keychain.</p>
      <div className="stack">
        <div className="tool-row">
          <KeySquare size={18} aria-hidden="true" className="muted" />
          <div className="tool-row__body">
            <p className="field__label">App-only bearer token</p>
            <p className="muted" data-testid="bearer-status">
              {bearer?.present ? <code className="code">{bearer.masked}</code> : 'None yet'}
            </p>
            <FieldAlert message={bearerError} />
          </div>
          {bearer?.present ? (
            <Button busy={busy === 'revoke'} onClick={() => void bearerAction('revoke')}>
              Revoke
            </Button>
          ) : (
            <Button busy={busy === 'create'} onClick={() => void bearerAction('create')}>
              Create
            </Button>
          )}
        </div>
        <form className="tool-row" onSubmit={deleteWebhook} aria-label="Delete a webhook" noValidate>
          <Webhook size={18} aria-hidden="true" className="muted tool-row__icon" />
          <Field
            className="tool-row__body"
            label="Delete a webhook"
            inputMode="numeric"
            placeholder="Webhook id"
            value={webhookId}
            error={webhookError ?? undefined}
            hint={webhookResult ?? 'Uses the bearer token; creates one if needed.'}
            onChange={(event) => {
              setWebhookId(event.target.value)
              setWebhookError(null)
            }}
          />
          <Button type="submit" variant="danger" busy={busy === 'webhook'}>
            Delete
          </Button>
        </form>
        <WebhookReplay profileId={profile.id} onBearerUsed={refreshBearer} />
        <StreamConnections profileId={profile.id} onBearerUsed={refreshBearer} />
      </div>
    </section>
  )
}
