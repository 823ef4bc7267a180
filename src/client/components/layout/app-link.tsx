import { useRouter } from '@tanstack/react-router'
import type { ComponentProps, MouseEvent } from 'react'

// A link to a path built at run time (a listing URL with its query) or to a screen another issue
// adds later: typed <Link to> needs the route to exist at compile time. It still navigates inside
// the SPA, like <Link>; modified clicks (new tab, download) keep the browser's behaviour.
export type AppLinkProps = Omit<ComponentProps<'a'>, 'href'> & { href: string }

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}

export function AppLink({ href, onClick, target, ...props }: AppLinkProps) {
  const router = useRouter()
  return (
    <a
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented || target === '_blank' || !isPlainLeftClick(event)) return
        event.preventDefault()
        void router.navigate({ href })
      }}
      {...props}
    />
  )
}
