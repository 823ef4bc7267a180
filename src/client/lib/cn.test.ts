import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { cn } from './cn.ts'

describe('cn', () => {
  it('joins conditional classes like clsx', () => {
    expect(cn('a', false, undefined, ['b', { c: true, d: false }])).toBe('a b c')
  })

  it('lets a later class of the same group replace an earlier one', () => {
    expect(cn('h-10 px-4 py-2 text-sm', 'h-auto px-0')).toBe('py-2 text-sm h-auto px-0')
    expect(cn('text-primary underline', 'text-muted-foreground')).toBe('underline text-muted-foreground')
    expect(cn('bg-white/10 hover:bg-white/10', 'bg-primary hover:bg-primary-hover')).toBe(
      'bg-primary hover:bg-primary-hover',
    )
    expect(cn('inline-flex size-9', 'size-10')).toBe('inline-flex size-10')
    expect(cn('mt-2 font-medium', 'mt-6 font-bold', 'justify-self-start')).toBe(
      'mt-6 font-bold justify-self-start',
    )
    expect(cn('shadow-sm rounded-md', 'shadow-lg rounded-full')).toBe('shadow-lg rounded-full')
    expect(cn('flex', 'hidden md:flex')).toBe('hidden md:flex')
  })

  it('keeps classes of different groups or variants', () => {
    expect(cn('text-sm text-muted-foreground text-balance')).toBe(
      'text-sm text-muted-foreground text-balance',
    )
    expect(cn('bg-gradient-to-r bg-primary', 'bg-cover')).toBe('bg-gradient-to-r bg-primary bg-cover')
    expect(cn('hover:bg-x focus:bg-y bg-z')).toBe('hover:bg-x focus:bg-y bg-z')
    expect(cn('flex flex-1 flex-col flex-wrap')).toBe('flex flex-1 flex-col flex-wrap')
    expect(cn('rounded-l-md rounded-md border-r-0')).toBe('rounded-l-md rounded-md border-r-0')
    expect(cn('unknown-a', 'unknown-b')).toBe('unknown-a unknown-b')
  })

  it('agrees with tailwind-merge on the overrides this app passes', () => {
    const cases: [string, string][] = [
      [
        'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm text-primary',
        'h-auto px-0 text-muted-foreground',
      ],
      ['inline-flex h-10 items-center rounded-md px-4 text-sm', 'h-11'],
      ['inline-flex size-9 items-center justify-center rounded-md border', 'size-10'],
      ['grid content-start gap-1.5', 'sm:col-span-2'],
      ['rounded-md px-3 py-2 hover:bg-white/10', 'bg-primary hover:bg-primary-hover'],
      ['inline-flex items-center', 'pointer-events-none opacity-40'],
    ]
    for (const [base, extra] of cases)
      expect(cn(base, extra).split(' ').sort()).toEqual(twMerge(base, extra).split(' ').sort())
  })
})
