import { createHash } from 'node:crypto'
import { KIND_LABELS } from '../../shared/drafts/kinds'
import { BUNDLE_DATA_ELEMENT_ID, versionLabel, type BundleData } from '../../shared/review/format'
import { PAGE_CSS, PAGE_SCRIPT } from './bundlePageAssets'
import { escapeHtml } from './previewMarkup'

/**
 * The `.adsreview` file: one self-contained HTML page. Its JSON block is the bundle's data
 * (what Ads Studio reads back); the page around it shows each draft's previews (phone and
 * desktop, light and dark) and text, and a form for the verdict. A Content-Security-Policy
 * allows only this page's own stylesheet and script (by hash) and data: pictures: the page
 * opens no connection and loads nothing, wherever it is opened.
 */

const sha256Base64 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')

/** JSON safe inside a <script> element: no "</script>", no "<!--". */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 1)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

const FRAMES = [
  { device: 'phone', theme: 'light', caption: 'Phone · light' },
  { device: 'phone', theme: 'dark', caption: 'Phone · dark' },
  { device: 'desktop', theme: 'light', caption: 'Desktop · light' },
  { device: 'desktop', theme: 'dark', caption: 'Desktop · dark' },
] as const

function draftSection(draft: BundleData['drafts'][number], preview: string, index: number): string {
  const id = `d${index}`
  const frames = FRAMES.map(
    (frame) =>
      `<figure class="frame frame--${frame.device}"><figcaption>${frame.caption}</figcaption><div class="screen theme-${frame.theme}">${preview}</div></figure>`,
  ).join('')
  const fields = draft.fields
    .map(
      (field) =>
        `<div class="field"><dt>${escapeHtml(field.label)}</dt><dd><span class="field__value">${escapeHtml(field.value)}</span><label class="sr-only" for="${id}-${field.key}">Comment on ${escapeHtml(field.label)}</label><textarea id="${id}-${field.key}" data-field="${escapeHtml(field.key)}" placeholder="Comment on ${escapeHtml(field.label.toLowerCase())} (optional)"></textarea></dd></div>`,
    )
    .join('')
  const leftOut =
    draft.mediaLeftOut.length > 0
      ? `<p class="note">Not in this file (shown as placeholders): ${draft.mediaLeftOut.map(escapeHtml).join('; ')}.</p>`
      : ''
  return `<section class="draft" data-draft-id="${draft.id}" aria-labelledby="${id}-title">
<div class="draft__head"><h2 id="${id}-title">${escapeHtml(draft.name)}</h2><span class="muted">${KIND_LABELS[draft.kind]} · version ${versionLabel(draft.fingerprint)}</span></div>
${leftOut}<div class="frames">${frames}</div>
<dl class="fields">${fields}</dl>
<fieldset><legend>Your verdict on “${escapeHtml(draft.name)}”</legend>
<label class="choice"><input type="radio" name="${id}-decision" value="approve"> Approve this version</label>
<label class="choice"><input type="radio" name="${id}-decision" value="request_changes"> Request changes</label>
<label for="${id}-general">General comment</label><textarea id="${id}-general" data-field="general" placeholder="Anything else (optional)"></textarea>
</fieldset></section>`
}

export function bundlePage(
  data: BundleData,
  previews: readonly string[],
  /** The pictures' classes and their data: URIs, written once into the stylesheet. */
  pictures: ReadonlyMap<string, string>,
): string {
  let css = PAGE_CSS
  for (const [className, uri] of pictures) css += `.${className} { background-image: url("${uri}"); }\n`
  const policy = [
    "default-src 'none'",
    'img-src data:',
    `style-src 'sha256-${sha256Base64(css)}'`,
    `script-src 'sha256-${sha256Base64(PAGE_SCRIPT)}'`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
  const exported = data.exportedAt.slice(0, 10)
  const count = data.drafts.length
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Review: ${count} draft${count === 1 ? '' : 's'} for ${escapeHtml(data.account.name)}</title>
<style>${css}</style>
</head>
<body>
<main>
<header class="top">
<div><h1>Review for ${escapeHtml(data.account.name)}</h1>
<p class="muted">${count} draft${count === 1 ? '' : 's'}${data.advertiser ? ` as ${escapeHtml(data.advertiser)}` : ''}, exported from Ads Studio on ${exported}. Decide on each draft, then download your verdicts and send the file back.</p></div>
<div class="top__form">
<label>Your name<input type="text" id="review-reviewer" autocomplete="name"></label>
<button type="button" id="review-download">Download verdicts</button>
<p class="status" id="review-status" role="status" aria-live="polite"></p>
</div>
</header>
${data.drafts.map((draft, index) => draftSection(draft, previews[index] ?? '', index)).join('\n')}
</main>
<script type="application/json" id="${BUNDLE_DATA_ELEMENT_ID}">${scriptSafeJson(data)}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`
}
