import { KeyRound } from 'lucide-react'
import { useFeatureFocus } from '../../state/accounts/featureFocus'
import { featureWord } from '../../../shared/platformWords'
import './featureLink.css'

/**
 * Links from an option a feature gates (poll media, conversation card options) to that feature
 * in Settings → Features, which scrolls to it and marks it.
 */
export function FeatureLink({ feature, children }: { feature: string; children?: string }) {
  return (
    <a
      href="#/settings"
      className="inline-link feature-link"
      data-testid={`feature-link-${feature}`}
      onClick={() => useFeatureFocus.getState().focus(feature)}
    >
      <KeyRound size={13} aria-hidden="true" />
      {children ?? `About “${featureWord(feature)}” in Settings`}
    </a>
  )
}
