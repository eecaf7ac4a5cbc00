import { parseTeamRulePack } from '../../../../src/shared/rules/teamPacks/parse'
import type { TeamRule, TeamRulePack } from '../../../../src/shared/rules/teamPacks/types'

/** A pack of these rules, read through the same reader as an imported file. */
export function packOf(rules: TeamRule[], name = 'Acme'): TeamRulePack {
  const reading = parseTeamRulePack(
    JSON.stringify({ format: 'ads-studio-rule-pack', version: 1, name, rules }),
  )
  if (!reading.ok) throw new Error(reading.message)
  return reading.pack
}

/** The file text of a pack with these rules, one rule per line from line 6 on. */
export function packText(...rules: string[]): string {
  return [
    '{',
    '  "format": "ads-studio-rule-pack",',
    '  "version": 1,',
    '  "name": "Acme",',
    '  "rules": [',
    rules.map((rule) => `    ${rule}`).join(',\n'),
    '  ]',
    '}',
  ].join('\n')
}
