// A catalog template filled with words people wrote (an ad's title, an address, a reason): the
// template is the screen's language, the values are their authors' and are marked so
// (`data-user-text`), as the French screens' English-words check reads them (tests/e2e/french.spec.ts).
import { Children, type ReactNode } from 'react'

const PLACEHOLDER = /(\{\w+\})/

export function FilledText({ template, values }: { template: string; values: Record<string, string> }) {
  const nodes: ReactNode[] = []
  for (const part of template.split(PLACEHOLDER)) {
    const name = /^\{(\w+)\}$/.exec(part)?.[1]
    const value = name === undefined ? undefined : values[name]
    nodes.push(value === undefined ? part : <span data-user-text>{value}</span>)
  }
  // keys by place: the template's parts never move
  return <>{Children.toArray(nodes)}</>
}
