import { textViews } from './normalize-ad-text.ts'
import { phrasePatterns } from './phrase-tokens.ts'
import type { View } from './plain-ascii-view.ts'

/**
 * Finds banned phrases in text. Built once per list change (Aho–Corasick over every phrase's
 * patterns), then each check costs one pass per view of the text, whatever the number of phrases.
 */
export interface Matcher {
  /** The banned phrases found in the text, each once, spelled as the list spells them. */
  match(text: string): string[]
  readonly size: number
}

const SPACE = 32

export function createMatcher(phrases: readonly string[]): Matcher {
  // trie: per node its children by UTF-16 code unit; the root is node 0
  const children: Map<number, number>[] = [new Map()]
  const fail: number[] = [0]
  // patterns ending at a node, own or reached through failure links; shared arrays when equal
  const outputs: number[][] = [[]]
  const patternLength: number[] = []
  const patternPhrase: number[] = []

  phrases.forEach((phrase, phraseIndex) => {
    for (const pattern of phrasePatterns(phrase)) {
      let node = 0
      for (let i = 0; i < pattern.length; i++) {
        const code = pattern.charCodeAt(i)
        let next = children[node]?.get(code)
        if (next === undefined) {
          next = children.length
          children.push(new Map())
          fail.push(0)
          outputs.push([])
          children[node]?.set(code, next)
        }
        node = next
      }
      patternLength.push(pattern.length)
      patternPhrase.push(phraseIndex)
      outputs[node]?.push(patternLength.length - 1)
    }
  })

  // breadth-first, so a node's failure target is complete before the node itself
  const queue: number[] = []
  for (const child of children[0]?.values() ?? []) queue.push(child)
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as number
    for (const [code, child] of children[node] ?? []) {
      let f = fail[node] as number
      while (f !== 0 && !children[f]?.has(code)) f = fail[f] as number
      const target = children[f]?.get(code)
      fail[child] = target !== undefined && target !== child ? target : 0
      const own = outputs[child] as number[]
      const inherited = outputs[fail[child] as number] as number[]
      if (inherited.length > 0) outputs[child] = own.length > 0 ? own.concat(inherited) : inherited
      queue.push(child)
    }
  }

  function scan({ text, soft }: View, found: Set<number>): void {
    let node = 0
    const end = text.length
    for (let i = 0; i < end; i++) {
      const code = text.charCodeAt(i)
      let next = children[node]?.get(code)
      while (next === undefined && node !== 0) {
        node = fail[node] as number
        next = children[node]?.get(code)
      }
      node = next ?? 0
      const outs = outputs[node] as number[]
      if (outs.length === 0) continue
      // a phrase matches whole words only: it must end where a word ends…
      if (i + 1 !== end && text.charCodeAt(i + 1) !== SPACE && soft?.[i + 1] !== 1) continue
      for (const p of outs) {
        const start = i + 1 - (patternLength[p] as number)
        // …and start where a word starts
        if (start === 0 || text.charCodeAt(start - 1) === SPACE || soft?.[start] === 1) {
          found.add(patternPhrase[p] as number)
        }
      }
    }
  }

  return {
    size: phrases.length,
    match(text: string): string[] {
      if (patternLength.length === 0) return []
      const found = new Set<number>()
      for (const view of textViews(text)) scan(view, found)
      return [...found].map((i) => phrases[i] as string)
    },
  }
}
