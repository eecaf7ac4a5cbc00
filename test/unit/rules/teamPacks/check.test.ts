import { describe, expect, it } from 'vitest'
import { checkContent } from '../../../../src/shared/creatives/check'
import type { CardContent } from '../../../../src/shared/creatives/card'
import { emptyPostContent } from '../../../../src/shared/creatives/post'
import type { PostContent } from '../../../../src/shared/creatives/post'
import { pollCard, singleCard } from '../../../integration/publish/fixtures'
import type { TeamRule } from '../../../../src/shared/rules/teamPacks/types'
import { packOf } from './support'

const media = { source: 'library' as const, mediaKey: '3_1', mediaType: 'IMAGE' as const }

function card(name: string, url: string, title = 'Shop now'): CardContent {
  const content = singleCard(name, media)
  const details = content.components[1]!
  if (details.type !== 'DETAILS') throw new Error('fixture changed')
  return {
    ...content,
    components: [content.components[0]!, { ...details, title, destination: { type: 'WEBSITE', url } }],
  }
}

const post = (text: string): PostContent => ({ ...emptyPostContent(), text })

/** The team-rule issues as 'severity@content.path: message'. */
function teamIssues(kind: 'card' | 'post' | 'poll_card', content: unknown, ...rules: TeamRule[]): string[] {
  const { issues } = checkContent(kind, content as never, { teamRules: [packOf(rules)] })
  return issues
    .filter((issue) => issue.code === 'team_rule')
    .map((issue) => `${issue.severity}@${issue.contentPath.join('.')}: ${issue.message}`)
}

describe('team rules on drafts', () => {
  it('checks a creative name against its kind’s pattern, only for the kinds named', () => {
    const rule: TeamRule = {
      type: 'name_pattern',
      pattern: '^[A-Z]{2}_\\d{4}_.+',
      kinds: ['card'],
      example: 'FR_2026_Spring',
    }
    expect(teamIssues('card', card('FR_2026_Spring', 'https://example.com'), rule)).toEqual([])
    expect(teamIssues('card', card('spring sale', 'https://example.com'), rule)).toEqual([
      'error@name: Team rule · Acme: The creative name does not follow the pattern ^[A-Z]{2}_\\d{4}_.+ (for example “FR_2026_Spring”)',
    ])
    expect(teamIssues('poll_card', pollCard('spring sale', ['Yes', 'No']), rule)).toEqual([])
  })

  it('keeps landing addresses on the allowed domains and their subdomains, off the blocked ones', () => {
    const allowed: TeamRule = { type: 'allowed_domains', domains: ['example.com'] }
    const blocked: TeamRule = { type: 'blocked_domains', domains: ['bit.ly'] }
    expect(teamIssues('card', card('n', 'https://shop.EXAMPLE.com/a'), allowed)).toEqual([])
    expect(teamIssues('card', card('n', 'https://example.com.evil.net/a'), allowed)).toEqual([
      'error@components.1.destination.url: Team rule · Acme: Website address must be on “example.com”; example.com.evil.net is not',
    ])
    expect(teamIssues('card', card('n', 'https://notexample.com/'), allowed)).toHaveLength(1)
    expect(teamIssues('card', card('n', 'https://go.bit.ly/x'), blocked)).toEqual([
      'error@components.1.destination.url: Team rule · Acme: Website address is on go.bit.ly, a domain the team does not use',
    ])
    expect(teamIssues('card', card('n', 'https://example.com/'), blocked)).toEqual([])
  })

  it('requires URL parameters, with their allowed values or pattern', () => {
    const source: TeamRule = { type: 'url_parameter', parameter: 'utm_source', values: ['twitter', 'x'] }
    const campaign: TeamRule = { type: 'url_parameter', parameter: 'utm_campaign', pattern: '^[a-z0-9_]+$' }
    const url = (query: string) => card('n', `https://example.com/p?${query}`)
    expect(teamIssues('card', url('utm_source=x&utm_campaign=spring_26'), source, campaign)).toEqual([])
    expect(teamIssues('card', url('utm_campaign=spring_26'), source, campaign)).toEqual([
      'error@components.1.destination.url: Team rule · Acme: Website address needs the parameter utm_source',
    ])
    expect(
      teamIssues('card', url('utm_source=facebook&utm_campaign=Spring%20Sale'), source, campaign),
    ).toEqual([
      'error@components.1.destination.url: Team rule · Acme: Website address: utm_source must be “twitter” or “x”; “facebook” is not',
      'error@components.1.destination.url: Team rule · Acme: Website address: utm_campaign “Spring Sale” does not match ^[a-z0-9_]+$',
    ])
  })

  it('finds banned words and phrases as whole words, whatever their case, accents and punctuation', () => {
    const rule: TeamRule = { type: 'banned_words', words: ['cheap', 'risk free', 'Crédit gratuit'] }
    expect(teamIssues('post', post('Our CHEAP offer, totally Risk-Free! CREDIT gratuit.'), rule)).toEqual([
      'error@text: Team rule · Acme: Post text uses “cheap”, “risk free” and “Crédit gratuit”, which the team does not use',
    ])
    expect(teamIssues('post', post('#cheap deals'), rule)).toHaveLength(1)
    expect(teamIssues('post', post('cheapest? no: cheaply and riskfree, credito gratuito'), rule)).toEqual([])
    expect(teamIssues('card', card('cheap name', 'https://example.com', 'Cheap shoes'), rule)).toEqual([
      'error@components.1.title: Team rule · Acme: Title uses “cheap”, which the team does not use',
    ])
  })

  it('requires text such as a disclosure hashtag as whole words, in the fields named', () => {
    const rule: TeamRule = { type: 'required_text', text: '#Ad', kinds: ['post'], fields: ['text'] }
    expect(teamIssues('post', post('Spring is here #ad'), rule)).toEqual([])
    expect(teamIssues('post', post('#AD — spring is here'), rule)).toEqual([])
    expect(teamIssues('post', post('Spring #adventure, read on'), rule)).toEqual([
      'error@text: Team rule · Acme: Post text must include “#Ad”',
    ])
    expect(teamIssues('card', card('n', 'https://example.com'), rule)).toEqual([])
    const accented: TeamRule = { type: 'required_text', text: 'publicité' }
    expect(teamIssues('post', post('PUBLICITE: spring'), accented)).toEqual([])
  })

  it('holds fields to the team’s stricter length, counting an emoji once', () => {
    const rule: TeamRule = { type: 'max_length', field: 'text', max: 5 }
    expect(teamIssues('post', post('🎉🎉🎉🎉🎉'), rule)).toEqual([])
    const issues = checkContent('post', post('abcdefg'), { teamRules: [packOf([rule])] }).issues
    expect(issues.find((issue) => issue.code === 'team_rule')).toMatchObject({
      message: "Team rule · Acme: Post text is 2 characters over the team's 5-character limit",
      limit: 5,
      severity: 'error',
    })
    const name: TeamRule = { type: 'max_length', field: 'name', max: 3 }
    expect(teamIssues('card', card('ABCD', 'https://example.com'), name)).toEqual([
      "error@name: Team rule · Acme: Creative name is 1 character over the team's 3-character limit",
    ])
  })

  it('makes a rule marked as a warning a warning, and adds its note', () => {
    const rule: TeamRule = {
      type: 'banned_words',
      words: ['cheap'],
      severity: 'warning',
      note: 'Legal asks.',
    }
    expect(teamIssues('post', post('cheap'), rule)).toEqual([
      'warning@text: Team rule · Acme: Post text uses “cheap”, which the team does not use — Legal asks.',
    ])
  })

  it('adds nothing without packs, labels each pack’s issues with its name, in its rules’ order', () => {
    const text = post('cheap')
    const plain = checkContent('post', text).issues
    expect(checkContent('post', text, { teamRules: [] }).issues).toEqual(plain)
    const both = checkContent('post', text, {
      teamRules: [
        packOf([{ type: 'banned_words', words: ['cheap'] }], 'Brand'),
        packOf([{ type: 'max_length', field: 'text', max: 2 }], 'Legal'),
      ],
    }).issues.filter((issue) => issue.code === 'team_rule')
    expect(both.map((issue) => issue.message.split(':')[0])).toEqual([
      'Team rule · Brand',
      'Team rule · Legal',
    ])
    const ordered = packOf([
      { type: 'max_length', field: 'text', max: 2 },
      { type: 'required_text', text: '#ad' },
      { type: 'banned_words', words: ['cheap'] },
    ])
    expect(
      checkContent('post', text, { teamRules: [ordered] })
        .issues.filter((issue) => issue.code === 'team_rule')
        .map((issue) => issue.message.replace('Team rule · Acme: ', '')),
    ).toEqual([
      "Post text is 3 characters over the team's 2-character limit",
      'Post text must include “#ad”',
      'Post text uses “cheap”, which the team does not use',
    ])
  })

  it('finds a phrase across a line break, and follows each edit of a long text', () => {
    const pack = packOf([
      { type: 'banned_words', words: ['risk free'] },
      { type: 'required_text', text: '#ad' },
    ])
    const messages = (text: string) =>
      checkContent('post', post(text), { teamRules: [pack] })
        .issues.filter((issue) => issue.code === 'team_rule')
        .map((issue) => issue.message.replace('Team rule · Acme: ', ''))
    const lines = Array.from({ length: 200 }, (_, index) => `Line ${index} of a long post.`)
    expect(messages([...lines, 'Totally risk', 'free! #ad'].join('\n'))).toEqual([
      'Post text uses “risk free”, which the team does not use',
    ])
    expect(messages([...lines, 'Totally safe. #ad'].join('\n'))).toEqual([])
    expect(messages([...lines, 'Totally safe. #add'].join('\n'))).toEqual(['Post text must include “#ad”'])
    expect(messages([...lines, 'Totally risk free #ad'].join('\n'))).toHaveLength(1)
    expect(messages([...lines, 'Totally safe. #ad'].join('\n'))).toEqual([])
  })
})
