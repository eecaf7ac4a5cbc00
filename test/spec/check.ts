// `npm run check:spec`: compares the spec lines quoted in test/spec/citedLines.json with the spec
// documents (SPEC_DIR, else ../shared/spec). Fails on drift, on a citation with no quote and on a
// quote nothing cites. `npm run check:spec -- --update` rewrites the file from the spec instead.
// It also checks the sandbox's endpoint table (test/sandbox/endpoints.ts) against the spec: each
// entry names what its line names, and no endpoint of the spec is missing from it.
import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import {
  allCitations,
  CITED_LINES_FILE,
  readCitedLines,
  specDirectory,
  specIsPresent,
  specText,
} from './citations'
import { missingEndpoints, tableProblems } from '../sandbox/endpointCheck'

const update = process.argv.includes('--update')
const dir = specDirectory()

if (!specIsPresent(dir)) {
  console.error(
    `check:spec: the spec documents are absent (looked in ${dir}).\n` +
      'Nothing was compared. Put shared/spec beside the repository or set SPEC_DIR=/path/to/spec.',
  )
  process.exit(2)
}

const citations = allCitations()
const fileName = relative(process.cwd(), CITED_LINES_FILE)

if (update) {
  const fresh = Object.fromEntries(citations.map((source) => [source, specText(source, dir)]))
  writeFileSync(CITED_LINES_FILE, `${JSON.stringify(fresh, null, 2)}\n`)
  console.log(`check:spec: wrote ${citations.length} quoted lines from ${dir} to ${fileName}.`)
  process.exit(0)
}

const quoted = readCitedLines()
const problems: string[] = []
for (const source of citations) {
  const quote = quoted[source]
  if (quote === undefined) {
    problems.push(`${source}: cited by a rule table but not quoted in ${fileName}.`)
    continue
  }
  const actual = specText(source, dir)
  if (actual !== quote) {
    problems.push(
      `${source}: the spec changed.\n  quoted: ${JSON.stringify(quote)}\n  spec:   ${JSON.stringify(actual)}`,
    )
  }
}
for (const source of Object.keys(quoted)) {
  if (!citations.includes(source)) problems.push(`${source}: quoted in ${fileName} but no rule cites it.`)
}
const SPEC_FILES = [
  'ads-a-catalogs-audiences.md',
  'ads-b-creatives-campaigns.md',
  'platform-auth-events-releases.md',
]
for (const problem of tableProblems((source) => specText(source, dir)))
  problems.push(`endpoint table (test/sandbox/endpoints.ts): ${problem}`)
for (const file of SPEC_FILES) {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n')
  for (const missing of missingEndpoints(file, lines))
    problems.push(`${missing}: an endpoint of the spec that test/sandbox/endpoints.ts does not list.`)
}

if (problems.length > 0) {
  console.error(`check:spec: ${problems.length} of ${citations.length} citations disagree with ${dir}:`)
  for (const problem of problems) console.error(`- ${problem}`)
  console.error(
    'Check each limit against the new spec text and fix its value or citation, then run ' +
      '`npm run check:spec -- --update` to refresh the quotes.',
  )
  process.exit(1)
}
console.log(`check:spec: all ${citations.length} quoted spec lines match ${dir}.`)
