/**
 * Plays the person in the browser on the sandbox's authorize page: submit the approve form the
 * way a browser would, then read the PIN shown in #oauth_pin.
 */
function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  const value = match?.[1] ?? match?.[2] ?? match?.[3]
  return value === undefined ? undefined : decodeEntities(value)
}

interface ParsedForm {
  action: string
  method: string
  fields: [string, string][]
}

/** Reads the approve form the way a browser would submit it when the approve button is pressed. */
function approveForm(html: string, pageUrl: string): ParsedForm {
  const forms = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)].map((match) => match[0])
  for (const form of forms) {
    const controls = [...form.matchAll(/<(input)\b[^>]*>|<(button)\b[^>]*>([\s\S]*?)<\/button>/gi)].map(
      (match) => [match[0], match[1] ?? match[2], match[3]] as const,
    )
    const submit = controls.find(([tag, kind, label]) => {
      const type = (
        attribute(tag, 'type') ?? ((kind ?? '').toLowerCase() === 'button' ? 'submit' : 'text')
      ).toLowerCase()
      const words = `${attribute(tag, 'value') ?? ''} ${attribute(tag, 'name') ?? ''} ${attribute(tag, 'id') ?? ''} ${label ?? ''}`
      return type === 'submit' && /approve|authori[sz]e|allow/i.test(words) && !/deny|cancel/i.test(words)
    })
    if (!submit) continue
    const fields: [string, string][] = []
    for (const [tag] of controls) {
      if (tag === submit[0] || !/^<input/i.test(tag)) continue
      const name = attribute(tag, 'name')
      const type = (attribute(tag, 'type') ?? 'text').toLowerCase()
      if (!name || type === 'submit' || type === 'button') continue
      if ((type === 'checkbox' || type === 'radio') && !/\schecked\b/i.test(tag)) continue
      fields.push([name, attribute(tag, 'value') ?? ''])
    }
    const submitName = attribute(submit[0], 'name')
    if (submitName) fields.push([submitName, attribute(submit[0], 'value') ?? ''])
    const headTag = /<form\b[^>]*>/i.exec(form)![0]
    return {
      action: new URL(attribute(headTag, 'action') ?? pageUrl, pageUrl).href,
      method: (attribute(headTag, 'method') ?? 'GET').toUpperCase(),
      fields,
    }
  }
  throw new Error(`No approve form on the authorize page:\n${html.slice(0, 2000)}`)
}

function pinIn(html: string): string {
  const match = /<([a-z0-9]+)\b[^>]*\bid\s*=\s*["']?oauth_pin["']?[^>]*>([\s\S]*?)<\/\1>/i.exec(html)
  if (!match) throw new Error(`No #oauth_pin on the page:\n${html.slice(0, 2000)}`)
  return decodeEntities(match[2]!.replace(/<[^>]*>/g, '')).trim()
}

export async function approveInBrowser(authorizeUrl: string): Promise<string> {
  const page = await fetch(authorizeUrl)
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}`)
  const form = approveForm(await page.text(), page.url)
  const body = new URLSearchParams(form.fields).toString()
  const answer =
    form.method === 'POST'
      ? await fetch(form.action, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      : await fetch(`${form.action}${form.action.includes('?') ? '&' : '?'}${body}`)
  if (answer.status !== 200) throw new Error(`approving answered ${answer.status}`)
  return pinIn(await answer.text())
}
