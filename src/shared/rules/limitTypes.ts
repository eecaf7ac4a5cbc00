// The shapes of the limits table's entries (limits.ts and the tables it gathers).

export interface LengthLimit {
  /** Maximum number of characters (Unicode code points, see characterCount). */
  readonly max: number
  readonly source: string
}

export interface RangeLimit {
  readonly min: number
  readonly max: number
  readonly source: string
}

export interface ListCountLimit extends RangeLimit {
  readonly default: number
}

export interface EnumLimit<T extends string> {
  readonly values: readonly T[]
  readonly source: string
}

export interface PatternLimit {
  readonly pattern: RegExp
  readonly source: string
}

export interface ValueLimit {
  readonly value: number | boolean
  readonly source: string
}

/** A nominal aspect ratio written width:height, as the spec writes it (1.91:1, 16:9). */
export interface AspectRatioLimit {
  readonly width: number
  readonly height: number
  readonly source: string
}

/** Any entry of the limits table. */
export type AnyLimit =
  LengthLimit | RangeLimit | ListCountLimit | EnumLimit<string> | PatternLimit | ValueLimit | AspectRatioLimit
