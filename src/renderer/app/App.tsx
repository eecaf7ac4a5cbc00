import { useEffect, useRef } from 'react'
import { Sidebar } from './Sidebar'
import { ROUTES } from './routes'
import { useLocation } from '../nav/navigate'
import { ThemeController } from './ThemeController'
import { PageFor } from './PageFor'
import { useConnectStore } from '../state/connection/connectStore'
import { scrollRootProps } from '../lib/scrollRoot'

export function App() {
  const { route, draftId } = useLocation()
  const info = ROUTES.find((candidate) => candidate.id === route) ?? ROUTES[0]!
  const mainRef = useRef<HTMLElement>(null)
  const firstRender = useRef(true)

  // Profiles can change from any page (the outbox pauses on expiry, Connect signs in or out):
  // refresh them on every navigation so the sidebar's account switcher never goes stale.
  useEffect(() => {
    void useConnectStore.getState().load()
  }, [route])

  // Move focus to the new page so keyboard and screen-reader users land on its heading.
  useEffect(() => {
    document.title = `${info.label} · Ads Studio`
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    mainRef.current?.focus()
  }, [info])

  return (
    <div className="app-shell">
      <ThemeController />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar current={route} />
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        className="app-main"
        aria-labelledby="page-title"
        {...scrollRootProps}
      >
        <PageFor route={info} draftId={draftId} />
      </main>
    </div>
  )
}
