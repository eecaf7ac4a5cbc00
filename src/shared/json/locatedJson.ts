// A JSON reader that remembers where every value and key starts, so a hand-edited file that is
// refused (a team rule pack, a reviewer's verdict file) can name the line and column of the
// mistake (JSON.parse names neither the line nor a field's place). The value equals JSON.parse's,
// except that a key written twice in one object is refused rather than silently overwritten.

export interface TextPlace {
  readonly line: number
  readonly column: number
}

export interface LocatedJson {
  readonly value: unknown
  /** Where the value at a path starts; the path as pathKey() writes it ('' for the root). */
  placeOf(path: readonly PropertyKey[]): TextPlace
  /** Where a key of the object at `path` is written, when it is. */
  keyPlaceOf(path: readonly PropertyKey[], key: string): TextPlace | undefined
}

export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError'
  constructor(
    readonly place: TextPlace,
    readonly reason: string,
  ) {
    super(`line ${place.line}, column ${place.column}: ${reason}`)
  }
}

const keyOf = (path: readonly PropertyKey[]) => path.map(String).join('\u0000')

/** Reads `text` as JSON (a leading byte-order mark allowed), or throws JsonSyntaxError. */
export function readLocatedJson(text: string): LocatedJson {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  const lineStarts = [0]
  for (let index = 0; index < source.length; index++)
    if (source.charCodeAt(index) === 10) lineStarts.push(index + 1)
  const placeAt = (offset: number): TextPlace => {
    let low = 0
    let high = lineStarts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (lineStarts[middle]! <= offset) low = middle
      else high = middle - 1
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 }
  }
  const values = new Map<string, number>()
  const keys = new Map<string, number>()
  let at = 0

  const fail = (reason: string, offset = at): never => {
    throw new JsonSyntaxError(placeAt(offset), reason)
  }
  const skipSpace = () => {
    while (at < source.length && ' \t\n\r'.includes(source[at]!)) at++
  }
  const describe = () => (at >= source.length ? 'the file ends' : `“${source[at]}” is there`)

  const readString = (): string => {
    const start = at
    at++
    let out = ''
    for (;;) {
      if (at >= source.length) fail('text in quotes is not closed (a " is missing)', start)
      const char = source[at]!
      if (char === '"') {
        at++
        return out
      }
      if (char === '\n' || char === '\r') fail('text in quotes is not closed before the line ends', start)
      if (char === '\\') {
        const escaped = source[at + 1]
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        }
        if (escaped !== undefined && escaped in simple) {
          out += simple[escaped]
          at += 2
        } else if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(at + 2, at + 6))) {
          out += String.fromCharCode(parseInt(source.slice(at + 2, at + 6), 16))
          at += 6
        } else {
          fail('a backslash in text must start an escape such as \\" or \\\\ (write \\\\ for one \\)')
        }
        continue
      }
      out += char
      at++
    }
  }

  const readValue = (path: PropertyKey[], depth: number): unknown => {
    if (depth > 64) fail('the file nests lists and objects too deeply')
    skipSpace()
    values.set(keyOf(path), at)
    const char = source[at]
    if (char === '{') return readObject(path, depth)
    if (char === '[') return readArray(path, depth)
    if (char === '"') return readString()
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      source.slice(at, at + 400),
    )
    if (literal) {
      at += literal[0].length
      const word = literal[0]
      return word === 'true' ? true : word === 'false' ? false : word === 'null' ? null : Number(word)
    }
    if (char === "'") fail('text must be in double quotes ("), not single quotes')
    return fail(
      `a value (text in double quotes, a number, a list or an object) is expected, but ${describe()}`,
    )
  }

  /**
   * The items of an object or a list, from its opening character to `close`, separated by
   * commas; `readItem` reads one item from where it starts.
   */
  const readItems = (close: '}' | ']', closeWords: string, readItem: () => void) => {
    at++
    skipSpace()
    if (source[at] === close) {
      at++
      return
    }
    for (;;) {
      skipSpace()
      if (source[at] === close) fail(`a comma before a closing ${closeWords}: remove the last comma`)
      readItem()
      skipSpace()
      if (source[at] === ',') {
        at++
        continue
      }
      if (source[at] === close) {
        at++
        return
      }
      fail(`a comma or a closing ${closeWords} ${close} is expected, but ${describe()}`)
    }
  }

  const readObject = (path: PropertyKey[], depth: number): Record<string, unknown> => {
    const object: Record<string, unknown> = {}
    readItems('}', 'brace', () => {
      if (source[at] !== '"') fail(`a key in double quotes is expected, but ${describe()}`)
      const keyAt = at
      const key = readString()
      if (Object.hasOwn(object, key)) fail(`the key “${key}” appears twice in the same object`, keyAt)
      keys.set(keyOf([...path, key]), keyAt)
      skipSpace()
      if (source[at] !== ':') fail(`a colon after the key “${key}” is expected, but ${describe()}`)
      at++
      // defineProperty keeps a "__proto__" key as data instead of replacing the prototype.
      const value = readValue([...path, key], depth + 1)
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
    })
    return object
  }

  const readArray = (path: PropertyKey[], depth: number): unknown[] => {
    const array: unknown[] = []
    readItems(']', 'bracket', () => array.push(readValue([...path, array.length], depth + 1)))
    return array
  }

  skipSpace()
  if (at >= source.length) fail('the file is empty')
  const value = readValue([], 0)
  skipSpace()
  if (at < source.length) fail('there is more after the end of the JSON: remove it')

  return {
    value,
    placeOf(path) {
      for (let length = path.length; length >= 0; length--) {
        const offset = values.get(keyOf(path.slice(0, length)))
        if (offset !== undefined) return placeAt(offset)
      }
      return { line: 1, column: 1 }
    },
    keyPlaceOf(path, key) {
      const offset = keys.get(keyOf([...path, key]))
      return offset === undefined ? undefined : placeAt(offset)
    },
  }
}
