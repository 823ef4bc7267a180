import { useEffect, useState } from 'react'

/**
 * A QR code drawn in the browser from the payment URI, not by a third-party chart service: no payment
 * address leaks to a third party, and it works offline. The encoder is loaded on demand, with the pay page only.
 */
export function QrCode({ value, label, failedText }: { value: string; label: string; failedText: string }) {
  const [svg, setSvg] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let live = true
    setFailed(false)
    import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((text) => {
        if (live) setSvg(text)
      })
      .catch(() => {
        if (live) setFailed(true)
      })
    return () => {
      live = false
    }
  }, [value])

  if (failed) return <p className="text-sm text-muted-foreground">{failedText}</p>
  if (!svg) return <div className="size-44 animate-pulse rounded-md bg-muted" aria-hidden="true" />
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={176}
      height={176}
      className="size-44 rounded-md bg-white p-1"
    />
  )
}
