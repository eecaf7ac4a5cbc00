import { useState } from 'react'
import { Check, ClipboardCopy } from 'lucide-react'
import { Button } from '../../components/Button'
import { copyText } from '../../lib/clipboard'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'
import { useAction } from '../../lib/useAction'
import { DIAGNOSTIC_LOG_LINES } from '../../../shared/diagnostics'

type Outcome =
  | { kind: 'copied'; lines: number }
  /** Neither main nor the page could reach the clipboard: the text is shown to copy by hand. */
  | { kind: 'manual'; text: string }

/**
 * Settings → Support: "Copy diagnostics" puts the app's version, the system and the last lines of
 * main's log on the clipboard, for a message to support. Main builds the text (the log holds ids,
 * states and codes; never secrets, customer lists or what a draft says) and copies it itself.
 */
export function SupportSection() {
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const { busy, problem, run } = useAction<'copy', string>((error) =>
    error instanceof IpcFailure ? error.message : 'Ads Studio could not gather its diagnostics. Try again.',
  )

  const copyDiagnostics = () =>
    run('copy', async () => {
      setOutcome(null)
      const result = await unwrap(studio().diagnostics.copy({}))
      if (result.copied || (await copyText(result.text))) setOutcome({ kind: 'copied', lines: result.lines })
      else setOutcome({ kind: 'manual', text: result.text })
    })

  return (
    <section className="panel" aria-labelledby="support-title">
      <h2 id="support-title" className="panel__title">
        Support
      </h2>
      <p className="panel__hint" id="diagnostics-hint">
        Copies the app&apos;s version, your system and the last {DIAGNOSTIC_LOG_LINES} lines of the app&apos;s
        log, to paste into a message to support. The log holds ids, states and error codes: never your keys,
        your customer lists or what your drafts say.
      </p>
      <div className="stack">
        <div>
          <Button
            busy={busy !== null}
            aria-describedby="diagnostics-hint"
            onClick={() => void copyDiagnostics()}
            data-testid="copy-diagnostics"
          >
            {outcome?.kind === 'copied' ? (
              <Check size={16} aria-hidden="true" />
            ) : (
              <ClipboardCopy size={16} aria-hidden="true" />
            )}
            Copy diagnostics
          </Button>
        </div>
        <p role="status" className="muted" data-testid="diagnostics-status">
          {outcome?.kind === 'copied'
            ? `Copied: version, system and ${outcome.lines} log ${outcome.lines === 1 ? 'line' : 'lines'}. Paste them into your message to support.`
            : outcome?.kind === 'manual'
              ? 'Ads Studio could not reach the clipboard. Select the text below and copy it.'
              : ''}
        </p>
        {problem ? (
          <p role="alert" className="field-error">
            {problem}
          </p>
        ) : null}
        {outcome?.kind === 'manual' ? (
          <textarea
            className="input textarea"
            aria-label="Diagnostics"
            readOnly
            rows={8}
            value={outcome.text}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="diagnostics-text"
          />
        ) : null}
      </div>
    </section>
  )
}
