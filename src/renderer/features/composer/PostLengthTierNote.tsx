import { CircleAlert, Info } from 'lucide-react'
import { memo } from 'react'
import { formatNumber } from '../../../shared/rules/issues'
import { LIMITS, postLengthPreference, type PostLengthLimit } from '../../../shared/rules/limits'

const TIER_WORDS = { standard: 'Standard', long_form: 'Long-form' } as const
const HISTORY_DAY = { dateStyle: 'medium', timeStyle: 'short' } as const

/**
 * What the composer believes about the posting user's length, in words: asked once per profile
 * and user, learned from a refusal of the platform, or not known yet (counted as standard).
 */
export const PostLengthTierNote = memo(function PostLengthTierNote({
  who,
  limit,
  known,
  refusedAt,
  hasUser,
}: {
  who: string
  limit: PostLengthLimit
  known: boolean
  refusedAt: string | undefined
  hasUser: boolean
}) {
  if (!hasUser) return null
  const { tier, guideline } = postLengthPreference(limit)
  const tierWords = `${TIER_WORDS[tier]} ${formatNumber(
    tier === 'long_form' ? LIMITS.postLength.longForm.value : LIMITS.postLength.standard.value,
  )}`
  if (refusedAt)
    return (
      <p className="post-tier post-tier--learned" data-testid="post-length-tier" role="status">
        <CircleAlert size={16} aria-hidden="true" />
        <span>
          The platform refused a longer post for {who} on{' '}
          {new Date(refusedAt).toLocaleString(undefined, HISTORY_DAY)}: {who} posts up to{' '}
          {formatNumber(LIMITS.postLength.standard.value)} characters, and every post for {who} is counted
          that way now.
        </span>
      </p>
    )
  return (
    <p className="post-tier" data-testid="post-length-tier" role="status">
      <Info size={16} aria-hidden="true" />
      <span>
        {known
          ? `${who} posts ${tierWords}${guideline ? `, kept to the Classic ${formatNumber(guideline)} guideline` : ''}: your answer for every post by ${who}. Change it below if that changed.`
          : `How long may ${who}’s posts be? The platform does not say: choose Standard or Long-form below once (counted as Standard ${formatNumber(LIMITS.postLength.standard.value)} until then).`}
      </span>
    </p>
  )
})
