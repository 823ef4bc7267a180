// The entry: the stylesheet, then the app. A page that arrives drawn (the pre-rendered home, a
// server-rendered listing or ad, docs/decisions/017-pages.md) paints first, with its photos, and the
// app starts right after that first frame: evaluating its modules takes the main thread for a while on
// a phone, which would otherwise hold the paint back. Its files are already on their way
// (<link rel="modulepreload">, scripts/vite/app-preloads.ts).
import './styles.css'

const start = () => void import('./app.tsx')
if (document.getElementById('root')?.hasChildNodes()) requestAnimationFrame(() => setTimeout(start, 0))
else start()
