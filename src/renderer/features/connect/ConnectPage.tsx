import { useEffect } from 'react'
import type { RouteInfo } from '../../nav/routes'
import { PageHeader } from '../../components/PageHeader'
import { Banner } from '../../components/Banner'
import { useConnectStore } from '../../state/connection/connectStore'
import { ProfileCards } from './ProfileCards'
import { ConnectWizard } from './ConnectWizard'

export default function ConnectPage({ route }: { route: RouteInfo }) {
  const load = useConnectStore((state) => state.load)
  const pageError = useConnectStore((state) => state.pageError)
  const notice = useConnectStore((state) => state.notice)
  const step = useConnectStore((state) => state.step)
  const hasProfiles = useConnectStore((state) => state.list.profiles.length > 0)
  // While the stepper is open it comes first; the saved profiles follow it.
  const stepping = step !== null || !hasProfiles
  useEffect(() => {
    void load()
  }, [load])

  return (
    <>
      <PageHeader title={route.label} summary={route.summary} />
      <div className="stack">
        {pageError ? <Banner tone="error">{pageError}</Banner> : null}
        {notice && step !== 'account' && step !== 'done' ? (
          <Banner tone={notice.tone}>{notice.text}</Banner>
        ) : null}
        {stepping ? null : <ProfileCards />}
        <ConnectWizard />
        {stepping ? <ProfileCards /> : null}
      </div>
    </>
  )
}
