/**
 * Whether a feed's link is a web address, and its path, without parsing most of them: a feed
 * of 10,000 products names tens of thousands of links, and a `new URL` for each was the largest
 * cost of checking one (issue 46). A link in the common plain form (scheme, a host whose last
 * label starts with a letter, a short port, a path with no dot segment, any query) is read by
 * the pattern below, which accepts only what the URL parser accepts and finds the same path;
 * anything else goes to the parser.
 */

const PLAIN =
  /^(https?):\/\/(?:[A-Za-z0-9-]+\.)*[A-Za-z][A-Za-z0-9-]*(?::\d{1,4})?(\/[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*)?(?:\?[^\s#\\]*)?(?:#[^\s\\]*)?$/

/** A dot segment, plain or percent-encoded, which the parser would resolve. */
const DOT_SEGMENT = /\/(?:\.|%2e)/i

export interface WebAddress {
  protocol: 'http:' | 'https:'
  pathname: string
}

/** An http or https address with its path, or undefined when it is none. */
export function readWebAddress(value: string): WebAddress | undefined {
  const plain = PLAIN.exec(value)
  if (plain && !DOT_SEGMENT.test(plain[2] ?? '')) {
    return { protocol: plain[1] === 'https' ? 'https:' : 'http:', pathname: plain[2] || '/' }
  }
  return parseWebAddress(value)
}

/** The URL parser's reading, which the pattern's must equal wherever it has one. */
export function parseWebAddress(value: string): WebAddress | undefined {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? { protocol: url.protocol, pathname: url.pathname }
      : undefined
  } catch {
    return undefined
  }
}
