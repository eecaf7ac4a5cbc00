/**
 * What team rule packs add to a composer key (issue 44's target: ≤ 1 ms at 25,000 characters
 * with a 200-rule pack). The editors run the pack pass on the payload checkContent built, beside
 * the platform's rules; this times that pass alone, on the composer bench's text (postText.ts)
 * as each of 240 keys changes it (an `x` typed or taken back near the end, as keyToFrame types),
 * after 30 warm-up keys. Node, warm, no UI: the figure is the pass's own cost per key.
 */
import { checkContent } from '../src/shared/creatives/check'
import { emptyPostContent } from '../src/shared/creatives/post'
import { parseTeamRulePack } from '../src/shared/rules/teamPacks/parse'
import { checkTeamRules } from '../src/shared/rules/teamPacks/check'
import type { TeamRule, TeamRulePack } from '../src/shared/rules/teamPacks/types'
import { realisticPostText } from './postText'

const WORDS = [
  'guaranteed',
  'miracle',
  'cure',
  'cheap',
  'instant',
  'winner',
  'free money',
  'no risk',
  'crédit',
]

/** 200 rules of every type, as a thorough team would write them. */
export function benchPack(): TeamRulePack {
  const rules: TeamRule[] = []
  for (let i = 0; i < 10; i++)
    rules.push({ type: 'name_pattern', pattern: `^[A-Z]{2}_\\d{4}_.+${i}?$`, kinds: ['card', 'poll_card'] })
  for (let i = 0; i < 10; i++)
    rules.push({ type: 'allowed_domains', domains: [`brand${i}.example`, 'example.com'] })
  for (let i = 0; i < 10; i++) rules.push({ type: 'blocked_domains', domains: [`short${i}.example`] })
  for (let i = 0; i < 20; i++)
    rules.push({
      type: 'url_parameter',
      parameter: `utm_p${i}`,
      pattern: '^[a-z0-9_]+$',
      severity: 'warning',
    })
  for (let i = 0; i < 110; i++)
    rules.push({
      type: 'banned_words',
      words: [
        `${WORDS[i % WORDS.length]!}${i}`,
        `forbidden phrase ${i}`,
        `mot${i} interdit`,
        `term${i}`,
        `brand${i}`,
      ],
      ...(i % 2 ? { severity: 'warning' as const } : {}),
    })
  for (let i = 0; i < 20; i++) rules.push({ type: 'required_text', text: `#disclosure${i}`, kinds: ['post'] })
  for (let i = 0; i < 20; i++) rules.push({ type: 'max_length', field: 'text', max: 30_000 + i })
  const reading = parseTeamRulePack(
    JSON.stringify({ format: 'ads-studio-rule-pack', version: 1, name: 'Bench', rules }),
  )
  if (!reading.ok) throw new Error(reading.message)
  return reading.pack
}

/** ms per key for the pack pass on a 25,000-character post. */
export function benchTeamRules(keys = 240, warmUp = 30, length = 25_000): number[] {
  const pack = [benchPack()]
  const base = realisticPostText(length)
  const samples: number[] = []
  for (let key = 0; key < warmUp + keys; key++) {
    // Type near the end, then take it back, as the composer rows do.
    const text = key % 2 === 0 ? `${base.slice(0, -10)}x${base.slice(-10)}` : base
    const { payload } = checkContent('post', { ...emptyPostContent('1'), text })
    const started = performance.now()
    checkTeamRules('post', payload, pack)
    const spent = performance.now() - started
    if (key >= warmUp) samples.push(spent)
  }
  return samples
}
