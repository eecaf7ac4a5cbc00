// A card component's destination: a website (DETAILS) or an app (BUTTON), and a button's label.

import { isCountryCode } from './countries'
import type { JsonObject } from './fields'
import {
  checkEnum,
  checkWebUrl,
  isObject,
  isPresent,
  optionalString,
  readString,
  requireString,
} from './fields'
import type { Issue, IssuePath } from './issues'
import { error } from './issues'
import { LIMITS } from './limits'

const RULES = LIMITS.card

export function checkLabel(issues: Issue[], label: unknown, path: IssuePath): void {
  if (label === undefined || label === null) {
    issues.push(error(path, 'required', 'Choose a button label'))
    return
  }
  if (!isObject(label)) {
    issues.push(error(path, 'invalid_type', 'The button label must be an object'))
    return
  }
  const type = requireString(issues, label, 'type', [...path, 'type'], 'Label type')
  checkEnum(issues, type, [...path, 'type'], 'Label type', RULES.labelType)
  const value = readString(issues, label, 'value', [...path, 'value'], 'Button label')
  if (value === undefined || value === '') {
    issues.push(error([...path, 'value'], 'required', 'Choose a button label'))
    return
  }
  checkEnum(issues, value, [...path, 'value'], 'Button label', RULES.labelValues)
}

export function checkDestination(
  issues: Issue[],
  component: JsonObject,
  componentPath: IssuePath,
  owner: 'DETAILS' | 'BUTTON',
): void {
  const path = [...componentPath, 'destination']
  const destination = component.destination
  if (destination === undefined || destination === null) {
    issues.push(
      error(path, 'required', owner === 'DETAILS' ? 'Add a website destination' : 'Add an app destination'),
    )
    return
  }
  if (!isObject(destination)) {
    issues.push(error(path, 'invalid_type', 'The destination must be an object'))
    return
  }
  const type = requireString(issues, destination, 'type', [...path, 'type'], 'Destination type')
  if (!checkEnum(issues, type, [...path, 'type'], 'Destination type', RULES.destinationTypes)) return
  const allowed = owner === 'DETAILS' ? RULES.detailsDestination : RULES.buttonDestination
  if (!(allowed.values as readonly string[]).includes(type)) {
    issues.push(
      error(
        [...path, 'type'],
        'not_allowed',
        owner === 'DETAILS'
          ? 'DETAILS takes a website destination only; use a BUTTON for an app'
          : 'BUTTON takes an app destination only; use DETAILS for a website',
      ),
    )
  }
  if (type === 'WEBSITE') {
    const url = requireString(issues, destination, 'url', [...path, 'url'], 'Website URL')
    checkWebUrl(issues, url, [...path, 'url'], 'Website URL')
  } else {
    checkAppDestination(issues, destination, path)
  }
}

/** Each store's app id and deep link: a deep link needs the app id of its store. */
const STORES = [
  {
    id: 'android_store_app_id',
    idLabel: 'Google Play app id',
    link: 'android_store_deep_link',
    linkLabel: 'Android deep link',
    linkNeedsId: 'An Android deep link needs a Google Play app id',
  },
  {
    id: 'ios_app_store_identifier',
    idLabel: 'App Store id',
    link: 'ios_deep_link',
    linkLabel: 'iOS deep link',
    linkNeedsId: 'An iOS deep link needs an App Store id',
  },
] as const

function checkAppDestination(issues: Issue[], destination: JsonObject, path: IssuePath): void {
  const countryPath = [...path, 'country_code']
  const country = requireString(issues, destination, 'country_code', countryPath, 'Country')
  if (country !== undefined && !(RULES.countryCode.pattern.test(country) && isCountryCode(country))) {
    issues.push(
      error(
        countryPath,
        'invalid_format',
        `'${country}' is not an ISO 3166-1 alpha-2 country code (like US or DE)`,
      ),
    )
  }
  for (const store of STORES)
    optionalString(issues, destination, store.id, [...path, store.id], store.idLabel)
  if (STORES.every((store) => !isPresent(destination, store.id))) {
    issues.push(
      error(
        [...path, 'android_store_app_id'],
        'required',
        'Add a Google Play app id or an App Store id (or both)',
      ),
    )
  }
  for (const store of STORES) {
    const linkPath = [...path, store.link]
    const link = optionalString(issues, destination, store.link, linkPath, store.linkLabel)
    if (link !== undefined && !isPresent(destination, store.id))
      issues.push(error(linkPath, 'needs', store.linkNeedsId))
  }
}
