import { memo } from 'react'
import { formatNumber } from '../../../shared/rules/issues'
import { useProductImage, type ProductImageState } from './productImageClient'

type ThumbSize = 'small' | 'large'

/**
 * A product image as main fetched it. While it loads, a plain tile; without an image, or when
 * main could not load it, words say so. The picture itself is decorative: the row or field
 * beside it names the product.
 */
export function ThumbView({ image, size }: { image: ProductImageState; size: ThumbSize }) {
  const className = `product-thumb product-thumb--${size}`
  if (image.state === 'ready' && image.view.dataUrl)
    return (
      <span className={className} data-state="ready" data-testid="product-thumb">
        <img src={image.view.dataUrl} alt="" draggable={false} />
      </span>
    )
  if (image.state === 'loading')
    return <span className={className} data-state="loading" aria-hidden="true" data-testid="product-thumb" />
  return (
    <span
      className={className}
      data-state={image.state === 'none' ? 'none' : 'failed'}
      data-testid="product-thumb"
    >
      {image.state === 'none' ? 'No image' : 'Image could not be loaded'}
    </span>
  )
}

/** A product's image in a table or report row, fetched by main once the row is on screen. */
export const ProductThumb = memo(function ProductThumb({
  profileId,
  url,
}: {
  profileId: string
  url: string | undefined
}) {
  return <ThumbView image={useProductImage(profileId, url)} size="small" />
})

/** The editor's look at its image: the picture, and what main read of it (pixels, size). */
export function ImagePreview({ image }: { image: ProductImageState }) {
  const check = image.state === 'ready' ? image.view.check : undefined
  return (
    <div className="product-form__wide product-image-preview" data-testid="product-image-preview">
      <ThumbView image={image} size="large" />
      <p className="muted">
        {image.state === 'loading'
          ? 'Reading the image…'
          : check?.width && check.height
            ? `${formatNumber(check.width)} × ${formatNumber(check.height)} px${check.bytes === undefined ? '' : ` · ${formatNumber(Math.max(1, Math.round(check.bytes / 1024)))} KB`}, as Ads Studio read it.`
            : image.state === 'none'
              ? 'The image shows here once its address is given.'
              : ''}
      </p>
    </div>
  )
}
