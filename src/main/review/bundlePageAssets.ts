/**
 * The review bundle page's stylesheet and script: static text, hashed into the page's
 * Content-Security-Policy (bundlePage.ts), so the page runs exactly this and loads nothing.
 * The script only reads the page, builds the verdict file and hands it to the browser as a
 * download; it never opens a connection.
 */

export const PAGE_CSS = `
:root { color-scheme: light dark; --bg: #f6f7f9; --panel: #fff; --text: #14171a; --muted: #5b6570; --line: #d9dee3; --accent: #1d64d8; --ok: #17803d; --warn: #a4460b; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
@media (prefers-color-scheme: dark) { :root { --bg: #0f1216; --panel: #181c22; --text: #e8ecf0; --muted: #9aa5b1; --line: #2c333c; --accent: #7aa8ff; --ok: #5fd08a; --warn: #f0a060; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); }
main { max-width: 1180px; margin: 0 auto; padding: 24px 20px 64px; }
h1 { font-size: 1.5rem; margin: 0 0 4px; }
h2 { font-size: 1.2rem; margin: 0; }
.muted { color: var(--muted); }
.top { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 16px 20px; margin-bottom: 24px; }
.top p { margin: 0; }
.top__form { display: flex; flex-wrap: wrap; gap: 12px; align-items: end; margin-top: 16px; }
.top__form label { display: grid; gap: 4px; font-weight: 600; }
input[type=text], textarea { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: 8px; padding: 6px 10px; min-width: 260px; }
textarea { width: 100%; min-height: 2.6em; resize: vertical; }
button { font: inherit; font-weight: 600; border: 0; border-radius: 8px; padding: 8px 16px; background: var(--accent); color: #fff; cursor: pointer; }
@media (prefers-color-scheme: dark) { button { color: #0f1216; } }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.status { min-height: 1.4em; margin: 8px 0 0; font-weight: 600; flex-basis: 100%; }
.status[data-tone=error] { color: var(--warn); }
.status[data-tone=ok] { color: var(--ok); }
.draft { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 20px; margin-bottom: 24px; }
.draft__head { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: baseline; margin-bottom: 16px; }
.frames { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 16px 24px; margin-bottom: 20px; }
@media (max-width: 700px) { .frames { grid-template-columns: 1fr; } }
.frame { margin: 0; }
.frame figcaption { font-size: .85rem; color: var(--muted); margin-bottom: 6px; }
.screen { border-radius: 18px; padding: 12px; border: 1px solid #c8cdd2; }
.frame--phone .screen { max-width: 340px; border-width: 8px; border-color: #2a2f35; border-radius: 28px; }
.frame--desktop .screen { max-width: 600px; border-radius: 10px; }
.theme-light { --pv-bg: #ffffff; --pv-text: #0f1419; --pv-muted: #536471; --pv-line: #cfd9de; --pv-soft: #eff3f4; background: var(--pv-bg); color: var(--pv-text); }
.theme-dark { --pv-bg: #000000; --pv-text: #e7e9ea; --pv-muted: #8b98a5; --pv-line: #2f3336; --pv-soft: #16181c; background: var(--pv-bg); color: var(--pv-text); }
.pv { display: grid; gap: 8px; font-size: 15px; }
.pv-head { display: flex; gap: 8px; align-items: center; }
.pv-avatar { width: 36px; height: 36px; border-radius: 50%; background: #1d9bf0; color: #fff; display: grid; place-items: center; font-weight: 700; flex: none; }
.pv-author { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.pv-muted { color: var(--pv-muted); }
.pv-ad { font-size: .8rem; }
.pv-text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.pv-media { aspect-ratio: 1.91; border-radius: 14px; border: 1px solid var(--pv-line); background-color: var(--pv-soft); background-size: cover; background-position: center; display: grid; place-items: center; position: relative; }
.pv-media--empty span { color: var(--pv-muted); font-size: .85rem; padding: 8px; text-align: center; }
.pv-play { width: 44px; height: 44px; border-radius: 50%; background: rgba(0,0,0,.6); color: #fff; display: grid; place-items: center; }
.pv-grid { display: grid; gap: 2px; grid-template-columns: 1fr 1fr; }
.pv-grid--1 { grid-template-columns: 1fr; }
.pv-card { border: 1px solid var(--pv-line); border-radius: 14px; overflow: hidden; position: relative; }
.pv-card .pv-media { border: 0; border-radius: 0; }
.pv-card__footer { display: grid; gap: 2px; padding: 8px 12px; border-top: 1px solid var(--pv-line); }
.pv-card__footer--row { display: flex; justify-content: space-between; align-items: center; }
.pv-badge { position: absolute; top: 8px; right: 8px; background: rgba(0,0,0,.65); color: #fff; font-size: .75rem; padding: 2px 8px; border-radius: 10px; }
.pv-button { border: 1px solid var(--pv-line); border-radius: 999px; padding: 4px 12px; font-weight: 700; list-style: none; text-transform: capitalize; }
.pv-options { display: flex; flex-wrap: wrap; gap: 6px; padding: 0; margin: 6px 0 0; }
.pv-choices { display: grid; gap: 6px; padding: 0; margin: 0; list-style: none; }
.pv-choice { border: 1px solid #1d9bf0; color: #1d9bf0; border-radius: 999px; padding: 6px 12px; font-weight: 700; text-align: center; }
.pv-attached { border: 1px dashed var(--pv-line); border-radius: 12px; padding: 8px 12px; font-size: .85rem; }
.fields { display: grid; gap: 12px; margin: 0 0 16px; }
.field { display: grid; grid-template-columns: minmax(140px, 200px) 1fr; gap: 4px 16px; align-items: start; }
.field dt { font-weight: 600; }
.field dd { margin: 0; display: grid; gap: 6px; }
.field__value { white-space: pre-wrap; overflow-wrap: anywhere; }
.field__value:empty::before { content: "(empty)"; color: var(--muted); }
@media (max-width: 700px) { .field { grid-template-columns: 1fr; } }
fieldset { border: 1px solid var(--line); border-radius: 10px; padding: 12px 16px; display: grid; gap: 8px; }
legend { font-weight: 600; padding: 0 4px; }
.choice { display: flex; gap: 8px; align-items: center; }
.note { color: var(--warn); margin: 0 0 12px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`

export const PAGE_SCRIPT = `
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('ads-review-data').textContent);
  var status = document.getElementById('review-status');
  function say(text, tone) { status.textContent = text; status.setAttribute('data-tone', tone); }
  document.getElementById('review-download').addEventListener('click', function () {
    var reviewer = document.getElementById('review-reviewer').value.trim();
    if (!reviewer) { say('Write your name first: the designer sees who reviewed.', 'error'); document.getElementById('review-reviewer').focus(); return; }
    var verdicts = [];
    var now = new Date().toISOString();
    data.drafts.forEach(function (draft) {
      var section = document.querySelector('[data-draft-id="' + draft.id + '"]');
      var picked = section.querySelector('input[type=radio]:checked');
      if (!picked) return;
      var comments = [];
      section.querySelectorAll('textarea[data-field]').forEach(function (box) {
        var text = box.value.trim();
        if (text) comments.push({ field: box.getAttribute('data-field'), text: text });
      });
      verdicts.push({ draftId: draft.id, fingerprint: draft.fingerprint, decision: picked.value, comments: comments, decidedAt: now });
    });
    if (verdicts.length === 0) { say('Approve or request changes on at least one draft first.', 'error'); return; }
    var file = { format: 'ads-studio-review-verdicts', version: 1, bundleId: data.bundleId, account: data.account, reviewer: reviewer, verdicts: verdicts };
    var blob = new Blob([JSON.stringify(file, null, 2) + '\\n'], { type: 'application/json' });
    var link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'verdicts-' + now.slice(0, 10) + '.json';
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 60000);
    say(verdicts.length + ' of ' + data.drafts.length + ' drafts decided: send the downloaded file back to the designer.', 'ok');
  });
})();
`
