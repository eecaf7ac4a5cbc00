import { FlaskConical } from 'lucide-react'

/**
 * Marks practice data and the practice profile wherever a profile or ad account is shown: what
 * carries it goes to the practice platform inside Ads Studio, never to real people.
 */
export function PracticeBadge() {
  return (
    <span className="badge badge--practice" data-testid="practice-badge">
      <FlaskConical size={12} aria-hidden="true" />
      Practice
    </span>
  )
}
