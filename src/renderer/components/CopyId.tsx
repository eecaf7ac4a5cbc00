import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { copyText } from '../lib/clipboard'

/**
 * A platform id (card URI, post id, account id, media key) for the moments someone needs it —
 * a support thread, another tool — without putting it in front of a designer: the id is
 * copied, not shown. `what` says whose id it is, for the button's name and its confirmation.
 */
export function CopyId({ value, what, label = 'Copy id' }: { value: string; what: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2_000)
    return () => clearTimeout(timer)
  }, [state])
  return (
    <button
      type="button"
      className="copy-id"
      aria-label={`${label} of ${what}`}
      title={value}
      data-testid="copy-id"
      onClick={() => void copyText(value).then((ok) => setState(ok ? 'copied' : 'failed'))}
    >
      {state === 'copied' ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
      {label}
      <span className="visually-hidden" role="status">
        {state === 'copied'
          ? `Copied ${value}`
          : state === 'failed'
            ? `Could not copy. The id is ${value}`
            : ''}
      </span>
    </button>
  )
}
