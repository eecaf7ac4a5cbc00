/**
 * `npm run bench`: every performance figure the issues ask for, printed as a table.
 * Targets are stated next to each figure; nothing here asserts, it measures.
 */
import { benchDrafts } from './drafts'

interface Section {
  title: string
  run: () => Promise<Record<string, number>>
}

const SECTIONS: Section[] = [{ title: 'Draft store', run: benchDrafts }]

for (const section of SECTIONS) {
  console.log(`\n== ${section.title}`)
  const figures = await section.run()
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(40)} ${value.toFixed(2)}`)
}
