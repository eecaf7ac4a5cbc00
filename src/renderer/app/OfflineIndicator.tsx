import { WifiOff } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import './shell.css'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** Whether the computer has a network, as the OS reports it (Chromium's navigator.onLine). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine)
}

/**
 * Says so in the shell when the computer is offline: editing carries on, publishing waits in the
 * outbox. The live region is always there so the change is announced when it happens.
 */
export function OfflineIndicator() {
  const online = useOnline()
  return (
    <div role="status" className="offline-indicator" data-testid="offline-indicator">
      {online ? null : (
        <p className="offline-indicator__text">
          <WifiOff size={14} aria-hidden="true" />
          <span>
            <strong>Offline.</strong> Keep editing; publishing waits until you are back online.
          </span>
        </p>
      )}
    </div>
  )
}
