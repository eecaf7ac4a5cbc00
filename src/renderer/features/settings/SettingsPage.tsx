import { RadioGroup } from 'radix-ui'
import { Monitor, Moon, Sun } from 'lucide-react'
import { PageHeader } from '../../components/PageHeader'
import type { RouteInfo } from '../../nav/routes'
import type { Settings } from '../../../shared/ipc/contract'
import { useSettingsStore } from '../../state/settings/settingsStore'
import { DeveloperTools } from './DeveloperTools'
import { FeaturesSection } from './FeaturesSection'
import { SupportSection } from './SupportSection'
import { TeamRulesSection } from './TeamRulesSection'

const THEMES: { value: Settings['theme']; label: string; icon: typeof Sun }[] = [
  { value: 'system', label: 'Match system', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
]

export default function SettingsPage({ route }: { route: RouteInfo }) {
  const settings = useSettingsStore((state) => state.settings)
  const error = useSettingsStore((state) => state.error)
  const update = useSettingsStore((state) => state.update)

  return (
    <>
      <PageHeader title={route.label} summary={route.summary} />
      <section className="panel" aria-labelledby="appearance-title">
        <h2 id="appearance-title" className="panel__title">
          Appearance
        </h2>
        <p className="panel__hint" id="theme-hint">
          Ads Studio follows your system&apos;s light or dark mode unless you choose one here.
        </p>
        <RadioGroup.Root
          className="segmented"
          aria-label="Theme"
          aria-describedby="theme-hint"
          value={settings?.theme ?? 'system'}
          onValueChange={(value) => void update({ theme: value as Settings['theme'] })}
          orientation="horizontal"
        >
          {THEMES.map(({ value, label, icon: Icon }) => (
            <RadioGroup.Item
              key={value}
              value={value}
              className="segmented__item text-button"
              data-testid={`theme-${value}`}
            >
              <Icon size={16} aria-hidden="true" />
              <span>{label}</span>
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
      </section>
      <FeaturesSection />
      <TeamRulesSection />
      <SupportSection />
      <DeveloperTools />
    </>
  )
}
