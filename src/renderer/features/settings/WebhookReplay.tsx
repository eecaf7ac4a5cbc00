import { useState, type FormEvent } from 'react'
import { History } from 'lucide-react'
import { LIMITS } from '../../../shared/rules/limits'
import { replayWindowProblem } from '../../../shared/rules/webhookReplay'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { failureOf } from '../../lib/failures'
import { studio, unwrap } from '../../lib/ipc'
import { useAction } from '../../lib/useAction'

type FieldName = 'webhookId' | 'from' | 'to'
type FieldErrors = Partial<Record<FieldName, string | undefined>>
const errorOn = (field: FieldName, message: string | undefined): FieldErrors =>
  ({ [field]: message }) as FieldErrors

/** A local `datetime-local` value for an epoch ms, to the minute. */
function localInput(ms: number): string {
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return date.toISOString().slice(0, 16)
}

/**
 * Replays a webhook's deliveries over a window (POST /2/webhooks/replay, platform document line
 * 127): what the platform delivered, or tried to, is sent to the webhook again. The window is
 * chosen in local time and checked here as main and the platform check it.
 */
export function WebhookReplay({ profileId, onBearerUsed }: { profileId: string; onBearerUsed(): void }) {
  const [webhookId, setWebhookId] = useState('')
  const [from, setFrom] = useState(() => localInput(Date.now() - 3_600_000))
  const [to, setTo] = useState(() => localInput(Date.now()))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [result, setResult] = useState<string | null>(null)
  const { busy, run } = useAction<'replay', void>((error) => {
    const failure = failureOf(error)
    const field: FieldName = failure.field === 'from' || failure.field === 'to' ? failure.field : 'webhookId'
    setErrors(errorOn(field, failure.message))
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setResult(null)
    const id = webhookId.trim()
    if (!LIMITS.webhook.webhookId.pattern.test(id)) {
      setErrors({ webhookId: 'A webhook id is a number of 1 to 19 digits' })
      return
    }
    const span = { from: new Date(from).getTime(), to: new Date(to).getTime() }
    const problem = replayWindowProblem(span.from, span.to, Date.now())
    if (problem) {
      setErrors(errorOn(problem.field, problem.message))
      return
    }
    setErrors({})
    void run('replay', async () => {
      try {
        const job = await unwrap(studio().devtools.replayWebhook({ profileId, webhookId: id, ...span }))
        setResult(
          `Replay of webhook ${id} queued (job ${job.jobId}); the platform sends the deliveries again.`,
        )
      } finally {
        onBearerUsed()
      }
    })
  }

  const clear = (field: FieldName) => setErrors((current) => ({ ...current, ...errorOn(field, undefined) }))
  return (
    <form className="tool-row" onSubmit={submit} aria-label="Replay webhook deliveries" noValidate>
      <History size={18} aria-hidden="true" className="muted tool-row__icon" />
      <div className="tool-row__body stack">
        <Field
          label="Replay a webhook’s deliveries"
          inputMode="numeric"
          placeholder="Webhook id"
          value={webhookId}
          error={errors.webhookId}
          hint={result ?? 'Sends again what was delivered, or tried, in the window. Uses the bearer token.'}
          onChange={(event) => {
            setWebhookId(event.target.value)
            clear('webhookId')
          }}
          data-testid="replay-webhook-id"
        />
        <div className="replay-window">
          <Field
            label="From"
            type="datetime-local"
            value={from}
            error={errors.from}
            hint="Your local time; within the past 24 hours."
            onChange={(event) => {
              setFrom(event.target.value)
              clear('from')
            }}
            data-testid="replay-from"
          />
          <Field
            label="To"
            type="datetime-local"
            value={to}
            error={errors.to}
            onChange={(event) => {
              setTo(event.target.value)
              clear('to')
            }}
            data-testid="replay-to"
          />
        </div>
      </div>
      <Button type="submit" busy={busy === 'replay'}>
        Replay
      </Button>
    </form>
  )
}
