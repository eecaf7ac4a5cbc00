/**
 * `npm run bench`: every performance figure the issues ask for, printed as a table.
 * Targets are stated next to each figure; nothing here asserts, it measures.
 */
import { benchDrafts } from './drafts'
import { benchBuilder } from './builder'
import { benchComposer } from './composer'
import { benchOutbox } from './outbox'

interface Section {
  title: string
  run: () => Promise<Record<string, number>>
}

const SECTIONS: Section[] = [{ title: 'Draft store', run: benchDrafts }]
SECTIONS.push({ title: 'Card builder', run: benchBuilder })
SECTIONS.push({ title: 'Composer, in Chromium (run `npx electron-vite build` first)', run: benchComposer })
SECTIONS.push({ title: 'Outbox: client overhead per step, network excluded', run: benchOutbox })

for (const section of SECTIONS) {
  console.log(`\n== ${section.title}`)
  const figures = await section.run()
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(40)} ${value.toFixed(2)}`)
}
