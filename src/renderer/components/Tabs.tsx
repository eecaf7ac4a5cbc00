import { Tabs as RadixTabs } from 'radix-ui'
import type { ComponentProps } from 'react'
import './tabs.css'

const withClass = (base: string, extra: string | undefined) => (extra ? `${base} ${extra}` : base)

/**
 * Radix tabs in the app's look: a row of underlined tabs above their panels. Pages keep Radix's
 * behaviour (arrow keys, roving focus, forceMount) and pass their own class for layout only.
 */
export const TabsRoot = RadixTabs.Root

export function TabList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={withClass('tabs__list', className)} {...props} />
}

export function Tab({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={withClass('tabs__tab text-button', className)} {...props} />
}

export function TabPanel({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={withClass('tabs__panel', className)} {...props} />
}
