import { type ClassValue, clsx } from 'clsx'

// A small stand-in for tailwind-merge (~8 KB gz of every page's first load): a later class replaces an
// earlier one of the same group under the same variants ('hover:bg-x' replaces 'hover:bg-y', never
// 'bg-y'). Only groups recognised without doubt are merged; any other class is kept as clsx keeps
// it, so an unknown class can be doubled but never dropped.

const SIZES = 'xs|sm|base|md|lg|xl|[2-9]xl'
const TEXT_NOT_COLOR = new RegExp(
  `^text-(?:${SIZES}|left|center|right|justify|start|end|wrap|nowrap|balance|pretty|ellipsis|clip)$`,
)
const BG_NOT_COLOR =
  /^bg-(?:none|gradient-.*|linear-.*|radial.*|conic.*|cover|contain|auto|center|top|bottom|left|right|fixed|local|scroll|repeat.*|no-repeat|clip-.*|origin-.*|blend-.*|\[.*)$/

const GROUPS: [group: string, pattern: RegExp][] = [
  ['display', /^(?:block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table)$/],
  ['position', /^(?:static|fixed|absolute|relative|sticky)$/],
  ['flex', /^flex-(?:1|auto|initial|none)$/],
  ['flex-direction', /^flex-(?:row|col)(?:-reverse)?$/],
  ['flex-wrap', /^flex-(?:wrap|nowrap|wrap-reverse)$/],
  ['items', /^items-(?:start|end|center|baseline|stretch)$/],
  ['justify', /^justify-(?:start|end|center|between|around|evenly|stretch|normal)$/],
  ['justify-self', /^justify-self-(?:auto|start|end|center|stretch)$/],
  ['self', /^self-(?:auto|start|end|center|stretch|baseline)$/],
  ['font-weight', /^font-(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/],
  ['text-size', new RegExp(`^text-(?:${SIZES})$`)],
  ['shadow', /^shadow(?:-(?:none|2xs|xs|sm|md|lg|xl|2xl|inner))?$/],
  ['rounded', /^rounded(?:-(?:none|xs|sm|md|lg|xl|2xl|3xl|4xl|full))?$/],
  ['opacity', /^opacity-\d+$/],
  ['pointer-events', /^pointer-events-(?:none|auto)$/],
]
// spacing and sizing: the prefix is the group ('px-4' and 'px-0', 'h-10' and 'h-auto')
const PREFIXED =
  /^-?(p[xytrblse]?|m[xytrblse]?|gap(?:-[xy])?|w|h|size|min-w|min-h|max-w|max-h|z|top|right|bottom|left|inset(?:-[xy])?)-[^-].*$/

function groupOf(utility: string): string | undefined {
  for (const [group, pattern] of GROUPS) if (pattern.test(utility)) return group
  const prefixed = PREFIXED.exec(utility)
  if (prefixed) return prefixed[1]
  if (utility.startsWith('text-') && !TEXT_NOT_COLOR.test(utility) && !utility.includes('['))
    return 'text-color'
  if (utility.startsWith('bg-') && !BG_NOT_COLOR.test(utility)) return 'bg-color'
  return undefined
}

function mergeClasses(classes: string): string {
  const list = classes.split(/\s+/).filter(Boolean)
  const seen = new Set<string>()
  const kept: string[] = []
  // walk from the end: the last class of a group wins, earlier ones are dropped
  for (let i = list.length - 1; i >= 0; i--) {
    const cls = list[i] as string
    const cut = cls.lastIndexOf(':')
    const variants = cls.slice(0, cut + 1)
    const group = groupOf(cls.slice(cut + 1).replace(/^!|!$/g, ''))
    if (group) {
      const key = `${variants}${group}`
      if (seen.has(key)) continue
      seen.add(key)
    }
    kept.push(cls)
  }
  return kept.reverse().join(' ')
}

/** Joins class names and lets a later Tailwind class override an earlier one (shadcn's `cn`). */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs))
}
