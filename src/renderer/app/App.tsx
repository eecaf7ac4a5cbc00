import { Suspense, useEffect, useRef } from 'react'
import { RoutesProvider } from '../nav/routes'
import { scrollRootProps } from '../lib/scrollRoot'
import { useConnectStore } from '../state/connection/connectStore'
import { useLocation } from './location'
import { pageOf, ROUTES, type Route } from './routes'
import { Sidebar } from './Sidebar'
import { ThemeController } from './ThemeController'

function PageLoading({ route }: { route: Route }) {
  return (
    <p className="muted" role="status">
      Opening {route.label.toLowerCase()}…
    </p>
  )
}

export function App() {
  const { route: id, draftId } = useLocation()
  const route = ROUTES.find((candidate) => candidate.id === id) ?? ROUTES[0]!
  const Page = pageOf(route)
  const mainRef = useRef<HTMLElement>(null)
  const firstRender = useRef(true)

  // Profiles can change from any page (the outbox pauses on expiry, Connect signs in or out):
  // refresh them on every navigation so the sidebar's account switcher never goes stale.
  useEffect(() => {
    void useConnectStore.getState().load()
  }, [id])

  // Move focus to the new page so keyboard and screen-reader users land on its heading.
  useEffect(() => {
    document.title = `${route.label} · Ads Studio`
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    mainRef.current?.focus()
  }, [route])

  return (
    <RoutesProvider value={ROUTES}>
      <div className="app-shell">
        <ThemeController />
        {/* The address is the route (#/drafts): the link moves focus to the page, never the address. */}
        <a
          className="skip-link"
          href="#main"
          onClick={(event) => {
            event.preventDefault()
            mainRef.current?.focus()
          }}
        >
          Skip to content
        </a>
        <Sidebar current={id} />
        <main
          id="main"
          ref={mainRef}
          tabIndex={-1}
          className="app-main"
          aria-labelledby="page-title"
          {...scrollRootProps}
        >
          <Suspense fallback={route.announceLoading ? <PageLoading route={route} /> : null}>
            <Page route={route} draftId={draftId} />
          </Suspense>
        </main>
      </div>
    </RoutesProvider>
  )
}
