import { X } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { TargetingChoice } from '../../../shared/ipc/contracts/targeting'
import { formatNumber } from '../../../shared/rules/issues'
import { LocationPicker, type ChosenLocation } from './LocationPicker'
import { useAudienceEstimate } from './useAudienceEstimate'
import './targeting.css'

/**
 * The audience estimate (part B line 164) for a targeting the designer chooses here: places from
 * the locations look-up, plus what the page fixes (the audience on the audiences page). It
 * refreshes as the choice changes, and shows the platform's range with the time it answered.
 */
export function AudienceEstimatePanel({
  profileId,
  accountId,
  fixed = [],
  fixedLabel,
}: {
  profileId: string
  accountId: string
  /** Criteria the page supplies, always sent. */
  fixed?: readonly TargetingChoice[]
  /** What the fixed criteria are, in words ("people in this audience"). */
  fixedLabel?: string
}) {
  const [places, setPlaces] = useState<ChosenLocation[]>([])
  const criteria = useMemo(
    () => [
      ...fixed,
      ...places.map((place): TargetingChoice => ({ type: 'LOCATION', value: place.targetingValue })),
    ],
    [fixed, places],
  )
  const state = useAudienceEstimate(profileId, accountId, criteria)

  return (
    <section
      className="audience-estimate stack stack--tight"
      aria-labelledby="audience-estimate-title"
      data-testid="audience-estimate"
    >
      <h3 id="audience-estimate-title" className="subsection-title">
        Audience estimate
      </h3>
      <LocationPicker
        profileId={profileId}
        label="Add a place"
        value={undefined}
        onChange={(place) => {
          if (place && !places.some((p) => p.targetingValue === place.targetingValue))
            setPlaces([...places, place])
        }}
        data-testid="estimate-location"
      />
      {places.length > 0 ? (
        <ul className="plain-list cluster audience-estimate__places" aria-label="Places in the estimate">
          {places.map((place) => (
            <li key={place.targetingValue} className="audience-estimate__place">
              {place.name}
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${place.name}`}
                onClick={() => setPlaces(places.filter((p) => p !== place))}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="muted" data-testid="estimate-who">
        Who: {fixedLabel ?? 'people'}{' '}
        {places.length === 0 ? 'anywhere' : `in ${places.map((place) => place.name).join(' or ')}`}
      </p>
      <div role="status" aria-live="polite" data-testid="estimate-result">
        {state.status === 'idle' ? (
          <p className="muted">Add a place to see how many people it reaches.</p>
        ) : null}
        {state.status === 'loading' ? <p className="muted">Estimating…</p> : null}
        {state.status === 'failed' ? <p className="field__error">{state.message}</p> : null}
        {state.status === 'ready' ? (
          <p>
            <strong className="audience-estimate__range">
              {formatNumber(state.estimate.min)} – {formatNumber(state.estimate.max)} people
            </strong>{' '}
            <span className="muted">estimated {new Date(state.estimate.estimatedAt).toLocaleString()}</span>
          </p>
        ) : null}
      </div>
    </section>
  )
}
