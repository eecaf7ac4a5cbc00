import { useEffect, useMemo, useState } from 'react'
import type { AudienceEstimateView, TargetingChoice } from '../../../shared/ipc/contracts/targeting'
import { studio, unwrap } from '../../lib/ipc'
import { useDebouncedValue } from '../../lib/useDebouncedValue'

/** Long enough to pick a second place before the first is asked about. */
export const ESTIMATE_PAUSE_MS = 600

export type EstimateState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; estimate: AudienceEstimateView }
  | { status: 'failed'; message: string }

/**
 * The platform's estimate for a targeting, asked once the choice has stayed the same for a
 * moment; answers already had this session come at once (main keeps them for ten minutes too).
 */
export function useAudienceEstimate(
  profileId: string,
  accountId: string,
  criteria: readonly TargetingChoice[],
): EstimateState {
  const key = useMemo(
    () => JSON.stringify([...new Set(criteria.map((c) => `${c.type}:${c.value}`))].sort()),
    [criteria],
  )
  const [settledKey] = useDebouncedValue(key, ESTIMATE_PAUSE_MS)
  const [answers, setAnswers] = useState<Record<string, EstimateState>>({})

  useEffect(() => {
    const chosen = JSON.parse(settledKey) as string[]
    if (chosen.length === 0 || answers[settledKey]?.status === 'ready') return
    let current = true
    setAnswers((all) => ({ ...all, [settledKey]: { status: 'loading' } }))
    const request = chosen.map((entry) => {
      const at = entry.indexOf(':')
      return { type: entry.slice(0, at) as TargetingChoice['type'], value: entry.slice(at + 1) }
    })
    unwrap(studio().targeting.estimate({ profileId, accountId, criteria: request }))
      .then(({ estimate }) => {
        if (current) setAnswers((all) => ({ ...all, [settledKey]: { status: 'ready', estimate } }))
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : 'The estimate did not answer'
        if (current) setAnswers((all) => ({ ...all, [settledKey]: { status: 'failed', message } }))
      })
    return () => {
      current = false
    }
    // `answers` is read, not followed: a new answer must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profileId, accountId, settledKey])

  if (JSON.parse(key).length === 0) return { status: 'idle' }
  const known = answers[key]
  if (known?.status === 'ready') return known
  return key === settledKey ? (known ?? { status: 'loading' }) : { status: 'loading' }
}
