import { Monitor, Smartphone } from 'lucide-react'
import { memo } from 'react'
import { Segmented, type SegmentedOption } from '../../components/Segmented'
import { usePreviewDevice, type PreviewDevice } from './previewDevice'

const DEVICE_OPTIONS: readonly SegmentedOption<PreviewDevice>[] = [
  { value: 'phone', label: 'Phone', icon: Smartphone },
  { value: 'desktop', label: 'Desktop', icon: Monitor },
]

/**
 * Phone or desktop: the layout around it reads the choice from `data-device`. Memoised (no
 * props): the editor shell renders on every key, the toggle only when the choice changes.
 */
export const PreviewDeviceToggle = memo(function PreviewDeviceToggle() {
  const device = usePreviewDevice((state) => state.device)
  const setDevice = usePreviewDevice((state) => state.setDevice)
  return (
    <div className="preview-device">
      <Segmented
        label="Preview on"
        value={device}
        options={DEVICE_OPTIONS}
        onChange={setDevice}
        testIdPrefix="preview-device"
      />
    </div>
  )
})
