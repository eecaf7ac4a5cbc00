import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseTeamRulePack } from '../../../../src/shared/rules/teamPacks/parse'
import { describeTeamRule } from '../../../../src/shared/rules/teamPacks/words'
import { packText } from './support'

const STARTERS = join(import.meta.dirname, '../../../../resources/rule-packs')

function refusal(text: string) {
  const reading = parseTeamRulePack(text)
  if (reading.ok) throw new Error('the pack was accepted')
  return reading
}

describe('team rule pack files', () => {
  it('reads every starter pack in resources/rule-packs and says each rule in words', () => {
    const files = readdirSync(STARTERS).filter((file) => file.endsWith('.json'))
    expect(files.sort()).toEqual(['naming.json', 'regulated-disclosure.json', 'utm-discipline.json'])
    for (const file of files) {
      const reading = parseTeamRulePack(readFileSync(join(STARTERS, file), 'utf8'))
      expect(reading, file).toMatchObject({ ok: true })
      if (!reading.ok) continue
      for (const rule of reading.pack.rules) {
        const words = describeTeamRule(rule)
        expect(words).toMatch(/^[A-Z].*\.$/)
        expect(words).not.toContain('undefined')
      }
    }
  })

  it('reads the example pack of the README and of the schema’s comment', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../../../README.md'), 'utf8')
    const section = readme.slice(readme.indexOf('### Team rule packs'))
    const example = /```json\n([\s\S]*?)```/.exec(section)![1]!
    expect(parseTeamRulePack(example)).toMatchObject({ ok: true, pack: { rules: { length: 8 } } })
    const schema = readFileSync(
      join(import.meta.dirname, '../../../../src/shared/rules/teamPacks/schema.ts'),
      'utf8',
    )
    const comment = /```json\n([\s\S]*?) \* ```/.exec(schema)![1]!.replace(/^ \* ?/gm, '')
    expect(parseTeamRulePack(comment)).toMatchObject({ ok: true, pack: { rules: { length: 8 } } })
  })

  it('names the line and column of a JSON mistake', () => {
    expect(refusal(packText('{ "type": "max_length", "field": "text", "max": 20, }'))).toMatchObject({
      line: 6,
      column: 57,
      reason: 'This is not valid JSON: a comma before a closing brace: remove the last comma.',
    })
    expect(refusal('{\n  "name": "Acme\n}')).toMatchObject({ line: 2, column: 11 })
    expect(refusal("{\n  'name': 1\n}").reason).toContain('double quotes')
    expect(refusal('').reason).toContain('the file is empty')
    expect(refusal('{ "a": 1, "a": 2 }').reason).toContain('“a” appears twice')
  })

  it('names the line, the rule and the field of a rule the format does not take', () => {
    const unknownType = refusal(
      packText('{ "type": "max_length", "field": "text", "max": 5 }', '{ "type": "name_patern" }'),
    )
    expect(unknownType.line).toBe(7)
    expect(unknownType.reason).toMatch(/^Rule 2 \(name_patern\), “type” must be one of "name_pattern"/)

    const badPattern = refusal(packText('{ "type": "name_pattern", "pattern": "^[A-Z" }'))
    expect(badPattern).toMatchObject({ line: 6, column: 42 })
    expect(badPattern.reason).toBe('Rule 1 (name_pattern), “pattern” is not a valid regular expression.')

    const misspelt = refusal(packText('{ "type": "banned_words", "words": ["x"], "sevrity": "warning" }'))
    expect(misspelt).toMatchObject({ line: 6, column: 47 })
    expect(misspelt.reason).toContain('“sevrity”, which this format does not know')

    const badField = refusal(packText('{ "type": "max_length", "field": "body", "max": 5 }'))
    expect(badField.reason).toMatch(/^Rule 1 \(max_length\), “field” must be one of "text"/)

    const notPositive = refusal(packText('{ "type": "max_length", "field": "text", "max": 0 }'))
    expect(notPositive.reason).toBe('Rule 1 (max_length), “max” must be more than 0.')

    const domain = refusal(packText('{ "type": "allowed_domains", "domains": ["https://example.com/"] }'))
    expect(domain.reason).toContain('must be a domain such as example.com')
  })

  it('reports the first mistake in the file and how many follow it', () => {
    const reading = refusal(
      '{\n  "format": "ads-studio-rule-pack",\n  "version": 2,\n  "name": "",\n  "rules": []\n}',
    )
    expect(reading.message).toBe('Line 3, column 14: “version” must be 1 (2 more after it).')
  })

  it('says a missing key is missing, where its object starts', () => {
    const reading = refusal(packText('{ "type": "url_parameter" }'))
    expect(reading).toMatchObject({ line: 6, column: 5 })
    expect(reading.reason).toBe('Rule 1 (url_parameter), “parameter” is missing.')
  })
})
