import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { locationFromHash } from './app/routes'
import { loadStartPage } from './app/startPage'
import { requestFirstDraftsPage } from './state/drafts/firstDraftsPage'
import './styles/tokens.css'
import './styles/base.css'
import './styles/forms.css'
import './styles/surfaces.css'
import './styles/controls.css'

// Starting on the drafts list (the usual start): its first page and its code are asked for now,
// side by side, rather than the code first and then, once it has run, the page. The first render
// waits for that code (already preloaded by index.html) so it can show the page at once.
const start = locationFromHash(window.location.hash)
const startPageLoaded =
  start.route === 'drafts' && !start.draftId
    ? (requestFirstDraftsPage(), loadStartPage().catch(() => undefined))
    : Promise.resolve()

const container = document.getElementById('root')
if (!container) throw new Error('Ads Studio: #root is missing from index.html')
const root = container
void startPageLoaded.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
