import { JsonSyntaxError, readLocatedJson } from '../json/locatedJson'

/**
 * JSON read with the line of every value, so a refusal of a hand-edited file names the line
 * a person opens their editor at. Lines count from 1 and from the start of `text` plus
 * `firstLine - 1` (a JSON block found further down a page).
 */

export type JsonPath = readonly (string | number)[]

export type JsonLinesResult =
  { ok: true; value: unknown; lineOf(path: JsonPath): number } | { ok: false; line: number; reason: string }

export function parseJsonWithLines(text: string, firstLine = 1): JsonLinesResult {
  try {
    const located = readLocatedJson(text)
    return {
      ok: true,
      value: located.value,
      // The deepest value of the path that exists: a missing field is reported on its object.
      lineOf: (path) => located.placeOf(path).line + firstLine - 1,
    }
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error
    return { ok: false, line: error.place.line + firstLine - 1, reason: error.reason }
  }
}
