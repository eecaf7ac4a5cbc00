/**
 * JSON read with the line of every value, so a refusal of a hand-edited file names the line
 * a person opens their editor at. The grammar is JSON's (RFC 8259); the result equals
 * JSON.parse's. Lines count from 1 and from the start of `text` plus `firstLine - 1`.
 */

export type JsonPath = readonly (string | number)[]

export type JsonLinesResult =
  { ok: true; value: unknown; lineOf(path: JsonPath): number } | { ok: false; line: number; reason: string }

class JsonSyntaxError extends Error {
  constructor(
    readonly at: number,
    message: string,
  ) {
    super(message)
  }
}

const pathKey = (path: JsonPath): string => JSON.stringify(path)

const LITERALS: readonly (readonly [string, unknown])[] = [
  ['true', true],
  ['false', false],
  ['null', null],
]

export function parseJsonWithLines(text: string, firstLine = 1): JsonLinesResult {
  const lines = new Map<string, number>()
  let at = 0
  let line = firstLine

  const fail = (message: string): never => {
    throw new JsonSyntaxError(line, message)
  }
  const skipSpace = () => {
    for (;;) {
      const char = text[at]
      if (char === '\n') line++
      if (char === ' ' || char === '\t' || char === '\n' || char === '\r') at++
      else return
    }
  }
  const expect = (literal: string) => {
    if (text.startsWith(literal, at)) at += literal.length
    else fail(`expected ${literal}`)
  }

  const readString = (): string => {
    const start = at
    at++
    for (;;) {
      const char = text[at]
      if (char === undefined) fail('a text value is not closed (a " is missing)')
      if (char === '\n') fail('a text value runs past the end of its line (a " is missing)')
      if (char === '\\') at += 2
      else if (char === '"') break
      else at++
    }
    at++
    try {
      return JSON.parse(text.slice(start, at)) as string
    } catch {
      return fail('a text value holds an escape JSON does not allow')
    }
  }

  const readNumber = (): number => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400))
    if (!match) return fail(`unexpected ${describe(text[at])}`)
    at += match[0].length
    return Number(match[0])
  }

  const readValue = (path: (string | number)[]): unknown => {
    skipSpace()
    lines.set(pathKey(path), line)
    const char = text[at]
    if (char === '{') {
      at++
      const object: Record<string, unknown> = {}
      skipSpace()
      if (text[at] === '}') {
        at++
        return object
      }
      for (;;) {
        skipSpace()
        if (text[at] !== '"') fail(`expected a field name in quotes, found ${describe(text[at])}`)
        const key = readString()
        skipSpace()
        if (text[at] !== ':') fail(`expected : after "${key}"`)
        at++
        const value = readValue([...path, key])
        Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
        skipSpace()
        if (text[at] === ',') {
          at++
          continue
        }
        if (text[at] === '}') {
          at++
          return object
        }
        fail(`expected , or } after "${key}", found ${describe(text[at])}`)
      }
    }
    if (char === '[') {
      at++
      const array: unknown[] = []
      skipSpace()
      if (text[at] === ']') {
        at++
        return array
      }
      for (;;) {
        array.push(readValue([...path, array.length]))
        skipSpace()
        if (text[at] === ',') {
          at++
          continue
        }
        if (text[at] === ']') {
          at++
          return array
        }
        fail(`expected , or ] in a list, found ${describe(text[at])}`)
      }
    }
    if (char === '"') return readString()
    for (const [literal, value] of LITERALS) {
      if (char === literal[0]) {
        expect(literal)
        return value
      }
    }
    return readNumber()
  }

  try {
    const value = readValue([])
    skipSpace()
    if (at < text.length) fail(`unexpected ${describe(text[at])} after the end of the file's JSON`)
    return {
      ok: true,
      value,
      lineOf(path) {
        // The deepest value of the path that exists: a missing field is reported on its object.
        for (let length = path.length; length >= 0; length--) {
          const found = lines.get(pathKey(path.slice(0, length)))
          if (found !== undefined) return found
        }
        return firstLine
      },
    }
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { ok: false, line: error.at, reason: error.message }
    throw error
  }
}

function describe(char: string | undefined): string {
  if (char === undefined) return 'the end of the file'
  return `“${char}”`
}
