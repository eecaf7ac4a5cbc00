import { AppFailure, appError } from '../../shared/errors'
import { checkContent } from '../../shared/creatives/check'
import { contentSchemas, type ContentByKind } from '../../shared/creatives/content'
import type { Draft, DraftKind } from '../../shared/drafts/envelope'
import { comboKey, crossProduct, VARIANT_LIMITS, valueTag, variantName } from '../../shared/drafts/variants'
import type { VariantValue, VariantVariable } from '../../shared/ipc/contracts/variants'
import { formatNumber } from '../../shared/rules/issues'
import { shortFor, variantFieldsOf, type VariantFieldDef } from './variantFields'

/**
 * Plans variants of one draft: each chosen combination of one value per variable becomes new
 * content, checked with the editors' and the CSV import's rules (the content model, then the
 * publish gate's errors). Nothing is written here.
 */

export interface ResolvedVariable {
  field: VariantFieldDef
  values: readonly VariantValue[]
}

export interface PlannedVariant {
  picks: number[]
  name: string
  reasons: string[]
  /** The variant's content, when it has no reasons. */
  content?: unknown
}

function refuse(message: string): AppFailure {
  return new AppFailure(appError('invalid_input', message))
}

/** The request's variables, matched to the fields this draft has; refuses what cannot apply. */
export function resolveVariables(draft: Draft, variables: readonly VariantVariable[]): ResolvedVariable[] {
  const fields = variantFieldsOf(draft.kind, draft.content)
  const seen = new Set<string>()
  return variables.map(({ key, values }) => {
    if (seen.has(key)) throw refuse(`${key} is chosen twice: pick each variable once.`)
    seen.add(key)
    const field = fields.find((candidate) => candidate.key === key)
    if (!field)
      throw refuse(
        `This ${draft.kind.replaceAll('_', ' ')} has no field “${key}” to vary. Choose one of: ${fields.map((f) => f.label).join(', ')}.`,
      )
    return { field, values }
  })
}

/** The rule errors of a content, by code and place, with their messages. */
export function errorKeys(kind: DraftKind, content: unknown): Map<string, string> {
  const { issues } = checkContent(kind, content as ContentByKind[typeof kind])
  const keys = new Map<string, string>()
  for (const issue of issues)
    if (issue.severity === 'error') keys.set(`${issue.code}|${issue.contentPath.join('.')}`, issue.message)
  return keys
}

/**
 * Why `content` may not replace `base` (empty when it may): it must fit the content model, and
 * bring no rule error of its own. Errors the base already has are not the change's (a draft
 * being written may have some), as in a CSV import.
 */
export function reasonsAgainst(kind: DraftKind, content: unknown, baseErrors: () => Map<string, string>) {
  const parsed = contentSchemas[kind].safeParse(content)
  if (!parsed.success)
    return [`The values are not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}.`]
  const after = errorKeys(kind, content)
  if (after.size === 0) return []
  const before = baseErrors()
  return [...after].filter(([key]) => !before.has(key)).map(([, message]) => message)
}

/** The content's own name follows the draft's (the editors keep the two together). */
function named(content: unknown, name: string): unknown {
  const value = content as Record<string, unknown>
  return typeof value.name === 'string' ? { ...value, name } : content
}

/** Every combination (or those `picks` names), named and checked. */
export function planVariants(
  draft: Draft,
  base: string,
  variables: readonly ResolvedVariable[],
  picks?: readonly (readonly number[])[],
): PlannedVariant[] {
  const counts = variables.map((variable) => variable.values.length)
  const chosen = picks ?? crossProduct(counts)
  if (chosen.length > VARIANT_LIMITS.maxVariants)
    throw refuse(
      `That makes ${formatNumber(chosen.length)} variants; at most ${formatNumber(VARIANT_LIMITS.maxVariants)} are made at once. Choose fewer values or fewer combinations.`,
    )
  const keys = new Set<string>()
  for (const combo of chosen) {
    if (combo.length !== variables.length || combo.some((index, at) => index >= counts[at]!))
      throw refuse('A chosen combination does not match the variables. Close the dialog and try again.')
    if (keys.has(comboKey(combo))) throw refuse('A combination is chosen twice.')
    keys.add(comboKey(combo))
  }
  let baseErrors: Map<string, string> | undefined
  const errorsOfBase = () => (baseErrors ??= errorKeys(draft.kind, draft.content))
  return chosen.map((combo) => {
    const parts: string[] = []
    const reasons: string[] = []
    let content = draft.content
    combo.forEach((index, at) => {
      const { field, values } = variables[at]!
      const value = values[index]!
      if (values.length > 1) {
        const word = field.choices?.find((choice) => choice.value === value)?.label ?? ''
        parts.push(`${shortFor(field, value)} ${valueTag(field.tag, index, word)}`)
      }
      const written = field.write(content, value)
      if (written.ok) content = written.content
      else reasons.push(written.reason)
    })
    const name = variantName(base, parts)
    if (reasons.length > 0) return { picks: [...combo], name, reasons }
    content = named(content, name)
    reasons.push(...reasonsAgainst(draft.kind, content, errorsOfBase))
    return reasons.length > 0
      ? { picks: [...combo], name, reasons }
      : { picks: [...combo], name, reasons, content }
  })
}
