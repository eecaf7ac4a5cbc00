import { AppFailure, appError } from '../../shared/errors'
import type { Draft } from '../../shared/drafts/envelope'
import { comboKey, crossProduct, VARIANT_LIMITS, valueTag, variantName } from '../../shared/drafts/variants'
import type { VariantValue, VariantVariable } from '../../shared/ipc/contracts/variants'
import { formatNumber } from '../../shared/rules/issues'
import { contentChecker } from './draftRules'
import { shortFor, variantFieldsOf, type VariantFieldDef } from './variantFields'

/**
 * Plans variants of one draft: each chosen combination of one value per variable becomes new
 * content, checked with the rules every bulk change keeps (draftRules.ts): the content model,
 * then the publish gate's errors the variant brings. Nothing is written here.
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
  const problemsOf = contentChecker(draft)
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
    reasons.push(...problemsOf(content))
    return reasons.length > 0
      ? { picks: [...combo], name, reasons }
      : { picks: [...combo], name, reasons, content }
  })
}
