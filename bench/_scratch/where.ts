import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, findChromium } from '../../test/e2e/chromium'
import { typeAndTime } from '../browser'
import { alternatingKeys } from '../keyToFrame'
import { realisticPostText } from '../postText'
import { summarize } from '../stats'
const CSS = `textarea{font-family:'Inter','Segoe UI',system-ui,sans-serif;font-size:16px;line-height:1.5;padding:12px 16px;border:0;white-space:pre-wrap;overflow-wrap:break-word;width:640px;min-height:132px;max-height:360px;overflow-y:auto;field-sizing:content;resize:none;display:block}`
const text = realisticPostText(24_999)
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
for (const at of [0, 0.5, 1]) {
  for (const sizing of ['content', 'fixed']) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 820 } })
    const css = sizing === 'fixed' ? CSS.replace('field-sizing:content;', 'height:360px;') : CSS
    await page.setContent(`<!doctype html><style>${css}</style><textarea></textarea>`)
    await page.evaluate(([t, at]) => { const a = document.querySelector('textarea')!; a.value = t; a.focus(); const i = t.indexOf(' ', Math.floor(t.length * at)); const p = i < 0 ? t.length : i; a.setSelectionRange(p, p) }, [text, at] as const)
    await typeAndTime(page, alternatingKeys(20))
    const s = summarize(await typeAndTime(page, alternatingKeys(80)))
    console.log(String(at).padEnd(5), sizing.padEnd(8), JSON.stringify(s))
    await page.close()
  }
}
await browser.close()
