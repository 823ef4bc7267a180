// The entry: the stylesheet, then the app, started when it is wanted (app-start.ts). Its files are
// already on their way (<link rel="modulepreload">, scripts/vite/route-shells.ts).
import './styles.css'
import { startAppWhenWanted } from './app-start.ts'

startAppWhenWanted(() => import('./app.tsx'))
