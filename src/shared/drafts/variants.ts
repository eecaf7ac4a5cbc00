/**
 * Variants of one draft (issue 43): the designer picks variables (headline, media, destination,
 * button label, choice texts) and values for each; every combination of one value per variable
 * becomes a named draft in a group. The cross product and the names are worked out here, once,
 * for main (which makes the drafts) and the dialog (which lists the combinations to choose from).
 */

/** App limits (not the platform's): what one "Make variants" handles. */
export const VARIANT_LIMITS = {
  /** Variables varied at once. */
  maxVariables: 6,
  /** Values of one variable. */
  maxValues: 26,
  /** Drafts one generation may make (issue 43's target is 500 in ≤ 2 s). */
  maxVariants: 500,
  /** A group's name, as a draft name is shown in the list. */
  maxGroupName: 120,
} as const

/** How a variable's values are told apart in a variant's name. */
export type VariantValueTag = 'letter' | 'number' | 'word'

/** The number of combinations of one value per variable (1 when nothing varies). */
export function combinationCount(valueCounts: readonly number[]): number {
  return valueCounts.reduce((product, count) => product * count, 1)
}

/**
 * Every combination, as the index of the value picked for each variable: the first variable
 * changes slowest, so the list reads in the order the dialog shows the variables.
 */
export function crossProduct(valueCounts: readonly number[]): number[][] {
  if (valueCounts.some((count) => count < 1)) return []
  let combos: number[][] = [[]]
  for (const count of valueCounts) {
    const next: number[][] = []
    for (const combo of combos) for (let index = 0; index < count; index++) next.push([...combo, index])
    combos = next
  }
  return combos
}

/** A value's tag in a name: B for the second text, 2 for the second image, a label's word. */
export function valueTag(tag: VariantValueTag, index: number, word = ''): string {
  if (tag === 'letter') return lettersOf(index)
  if (tag === 'number') return String(index + 1)
  return word
}

function lettersOf(index: number): string {
  // A…Z, then AA, AB…: a spreadsheet's column names.
  let name = ''
  let rest = index + 1
  while (rest > 0) {
    const digit = (rest - 1) % 26
    name = String.fromCharCode(65 + digit) + name
    rest = Math.floor((rest - 1) / 26)
  }
  return name
}

/**
 * A variant's name: the group's name, then each varied part ("headline B", "image 2") in the
 * variables' order. A variable with a single value is shared by the whole group and not named.
 */
export function variantName(base: string, parts: readonly string[]): string {
  return [base.trim() || 'Variant', ...parts.filter((part) => part !== '')].join(' · ')
}

/** A key that names one combination (its value indexes), for the dialog's checkbox list. */
export function comboKey(picks: readonly number[]): string {
  return picks.join('.')
}
