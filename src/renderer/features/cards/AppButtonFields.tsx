import type { AppDestinationDraft, ComponentDraft } from '../../../shared/creatives/card'
import { InlineIssues } from '../../components/InlineIssues'
import { updateComponent } from './cardEdits'
import { CountryPicker } from '../../components/CountryPicker'
import { Field } from '../../components/Field'
import { LabelSelect } from './LabelSelect'
import { RegisteredApps, registeredPatternFor, useRegisteredApps } from './RegisteredApps'
import type { ComponentFieldsProps } from './cardEditorProps'
import { useTouch } from '../../kits/editor/issues'
import { touchOnLeave } from './fieldTouch'

/** The two stores of an app destination: each deep link goes only with its own store's id. */
const APP_STORES = [
  {
    legend: 'Google Play',
    idKey: 'androidStoreAppId',
    idLabel: 'Google Play app id',
    idPlaceholder: 'com.example.app',
    numericId: false,
    linkKey: 'androidStoreDeepLink',
    linkLabel: 'Android deep link',
  },
  {
    legend: 'App Store',
    idKey: 'iosAppStoreIdentifier',
    idLabel: 'App Store id',
    idPlaceholder: '333903271',
    numericId: true,
    linkKey: 'iosDeepLink',
    linkLabel: 'iOS deep link',
  },
] as const satisfies readonly {
  legend: string
  idKey: keyof AppDestinationDraft
  idLabel: string
  idPlaceholder: string
  numericId: boolean
  linkKey: keyof AppDestinationDraft
  linkLabel: string
}[]

/** An app button: its label, the store country and each store's app id and deep link. */
export function AppButtonFields({
  component,
  owner,
  path,
  issues,
  change,
}: ComponentFieldsProps & {
  component: Extract<ComponentDraft, { type: 'BUTTON' }>
}) {
  const destinationPath = [...path, 'destination']
  const destination = component.destination
  const set = (patch: Partial<AppDestinationDraft>, field: string) =>
    change(
      (content) =>
        updateComponent<'BUTTON'>(content, owner, component.id, (c) => ({
          ...c,
          destination: { ...c.destination, ...patch },
        })),
      `${component.id}:${field}`,
    )
  const apps = useRegisteredApps()
  const touch = useTouch()
  const countryIssues = issues.atAny([...destinationPath, 'countryCode'], destinationPath)
  const countryIssuesId = `${component.id}-country-issues`
  return (
    <div className="stack stack--tight">
      <div className="grid-2">
        <LabelSelect
          onBlur={touchOnLeave(touch, [...path, 'label'])}
          value={component.label}
          issues={issues.at([...path, 'label'])}
          onChange={(label) =>
            change((content) =>
              updateComponent<'BUTTON'>(content, owner, component.id, (c) => ({ ...c, label })),
            )
          }
        />
        <div
          className="field"
          onBlur={touchOnLeave(touch, [...destinationPath, 'countryCode'], destinationPath)}
        >
          <CountryPicker
            value={destination.countryCode}
            invalid={countryIssues.some((issue) => issue.severity === 'error')}
            describedBy={countryIssues.length > 0 ? countryIssuesId : undefined}
            onChange={(countryCode) => set({ countryCode }, 'country')}
          />
          <InlineIssues id={countryIssuesId} issues={countryIssues} />
        </div>
      </div>
      <p className="field__hint">
        Add the app in at least one store. A deep link needs its own store’s app id.
      </p>
      <RegisteredApps apps={apps} onFill={(patch) => set(patch, 'registered-app')} />
      <div className="store-grid">
        {APP_STORES.map((store) => {
          const hasId = destination[store.idKey].trim() !== ''
          const pattern = registeredPatternFor(apps, store.idKey, destination[store.idKey])
          return (
            <fieldset className="fieldset store" key={store.idKey}>
              <legend className="fieldset__legend">{store.legend}</legend>
              <Field
                label={store.idLabel}
                value={destination[store.idKey]}
                placeholder={store.idPlaceholder}
                {...(store.numericId ? { inputMode: 'numeric' as const } : {})}
                issues={issues.at([...destinationPath, store.idKey])}
                onChange={(event) => set({ [store.idKey]: event.target.value }, `${store.idKey}`)}
                onBlur={() => touch([...destinationPath, store.idKey])}
              />
              <Field
                label={store.linkLabel}
                value={destination[store.linkKey]}
                placeholder="example://product/42"
                disabled={!hasId && destination[store.linkKey] === ''}
                hint={
                  hasId
                    ? pattern
                      ? `Optional. The app registers ${pattern} — complete the path.`
                      : 'Optional.'
                    : `Add the ${store.idLabel} first: a deep link only goes with its store id.`
                }
                issues={issues.at([...destinationPath, store.linkKey])}
                onChange={(event) => set({ [store.linkKey]: event.target.value }, `${store.linkKey}`)}
                onBlur={() => touch([...destinationPath, store.linkKey])}
              />
            </fieldset>
          )
        })}
      </div>
    </div>
  )
}
