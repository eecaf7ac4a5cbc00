import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { locationFromHash } from './app/routes'
import { requestFirstDraftsPage } from './features/drafts/firstDraftsPage'
import './styles/tokens.css'
import './styles/base.css'

// Starting on the drafts list (the usual start): its first page and its code are asked for now,
// side by side, rather than the code first and then, once it has run, the page.
const start = locationFromHash(window.location.hash)
if (start.route === 'drafts' && !start.draftId) {
  requestFirstDraftsPage()
  void import('./features/drafts/DraftsPage')
}

const container = document.getElementById('root')
if (!container) throw new Error('Ads Studio: #root is missing from index.html')
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
