import { Banner } from '../../components/Banner'
import type { Failure } from './failures'

/**
 * A failure that belongs to no single field. Expired access links to Connect, the one place
 * that can fix it.
 */
export function FailureBanner({ failure }: { failure: Failure | null }) {
  if (!failure) return null
  return (
    <Banner tone="error">
      {failure.message}
      {failure.expired ? (
        <>
          {' '}
          <a href="#/connect" className="inline-link" data-testid="reconnect-link">
            Go to Connect
          </a>
        </>
      ) : null}
    </Banner>
  )
}
