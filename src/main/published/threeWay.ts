/**
 * The three-way merge of an edit of a published item (issue 42, items 2 and 3). Each side is a
 * map of field paths to values (null: not set). `base` is the object as it was when the designer
 * began editing, `theirs` as the platform holds it now, `changes` the fields the designer changed
 * and their new values. Only changed fields are ever sent; a field the designer did not touch
 * keeps the platform's value, whoever changed it.
 */

export type FieldValue = string | null
export type FieldMap = Readonly<Record<string, FieldValue>>

export interface FieldConflict {
  path: string
  base: FieldValue
  theirs: FieldValue
  mine: FieldValue
}

export interface MergeResult {
  /** Changed fields whose new value the platform does not hold yet: what the update sends. */
  send: Record<string, FieldValue>
  /** Changed fields the platform already holds with the designer's value: nothing to send. */
  settled: string[]
  /** Fields both sides changed, to different values: nothing is sent until the designer chooses. */
  conflicts: FieldConflict[]
}

/** Empty and absent read the same: the platform sends null for an optional field never set. */
export const normal = (value: FieldValue | undefined): FieldValue =>
  value === undefined || value === '' ? null : value

export function threeWay(base: FieldMap, theirs: FieldMap, changes: FieldMap): MergeResult {
  const result: MergeResult = { send: {}, settled: [], conflicts: [] }
  for (const [path, value] of Object.entries(changes)) {
    const mine = normal(value)
    const was = normal(base[path])
    const now = normal(theirs[path])
    if (now === mine) result.settled.push(path)
    else if (now === was) result.send[path] = mine
    else result.conflicts.push({ path, base: was, theirs: now, mine })
  }
  return result
}

export type Choice = 'mine' | 'theirs'

/**
 * The edit re-based on the platform's copy after the designer chose, conflict by conflict: a
 * field kept as theirs leaves the changes (the platform's value stands); one kept as mine stays
 * a change, now against the platform's copy as the new base. A conflict without a choice is
 * refused, so nothing is ever decided for the designer.
 */
export function rebase(
  changes: FieldMap,
  conflicts: readonly FieldConflict[],
  choices: Readonly<Record<string, Choice>>,
): Record<string, FieldValue> {
  const next: Record<string, FieldValue> = { ...changes }
  for (const conflict of conflicts) {
    const choice = choices[conflict.path]
    if (choice === undefined) throw new Error(`no choice for ${conflict.path}`)
    if (choice === 'theirs') delete next[conflict.path]
  }
  return next
}

/** Fields whose values differ between two maps (absent and empty read as null). */
export function diffFields(before: FieldMap, after: FieldMap): Record<string, FieldValue> {
  const changed: Record<string, FieldValue> = {}
  for (const path of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const now = normal(after[path])
    if (normal(before[path]) !== now) changed[path] = now
  }
  return changed
}
