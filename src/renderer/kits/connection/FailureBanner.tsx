import { RotateCcw } from 'lucide-react'
import { useEffect } from 'react'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { clockTime } from '../jobs/outboxModel'
import type { Failure } from '../../lib/failures'

/**
 * A failure that belongs to no single field. Expired access links to Connect, the one place
 * that can fix it. A rate limit says when requests resume; given `onRetry`, the screen tries
 * again by itself at that time and offers "Retry now" before it.
 */
export function FailureBanner({ failure, onRetry }: { failure: Failure | null; onRetry?: () => void }) {
  const retryAt = failure?.retryAt
  useEffect(() => {
    if (!retryAt || !onRetry) return
    const timer = setTimeout(onRetry, Math.max(0, Date.parse(retryAt) - Date.now()))
    return () => clearTimeout(timer)
  }, [retryAt, onRetry])
  if (!failure) return null
  return (
    <Banner tone="error">
      <span className="failure-banner">
        <span>
          {failure.message}
          {retryAt ? ` — resumes at ${clockTime(retryAt)}` : null}
          {failure.expired ? (
            <>
              {' '}
              <a href="#/connect" className="inline-link" data-testid="reconnect-link">
                Go to Connect
              </a>
            </>
          ) : null}
        </span>
        {retryAt && onRetry ? (
          <Button variant="ghost" className="failure-banner__retry" onClick={onRetry}>
            <RotateCcw size={14} aria-hidden="true" />
            Retry now
          </Button>
        ) : null}
      </span>
    </Banner>
  )
}
