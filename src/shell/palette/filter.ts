/**
 * The palette's matching and ranking. cmdk asks for one score per item (0 hides it, higher
 * ranks first), given the item's keywords: its labels in both languages, aliases, its route
 * name and path, and the pinyin of its Chinese labels (`pinyinKeywords`).
 *
 * Tiers, best first, so exact and prefix matches always outrank looser ones:
 *   exact keyword → the typed words as whole words of the keyword ("card" → "Freeze card" before
 *   "Cardholders") → keyword prefix → a word's prefix → substring → every typed word found →
 *   initials ("sp" → "system parameters", "zdgl" → 字典管理 by pinyin) → word-prefix
 *   abbreviation ("sysparam") → typos (each typed word within an edit or two of a word:
 *   "dictonary").
 * Within a tier a shorter keyword wins a little, so "Dictionaries" comes before
 * "Dictionary values" for a search both match equally.
 */

const TIERS = {
  exact: 1,
  wholeWords: 0.95,
  prefix: 0.9,
  wordPrefix: 0.8,
  substring: 0.7,
  allWords: 0.6,
  initials: 0.5,
  abbreviation: 0.4,
  typo: 0.3,
} as const

export function paletteFilter(_value: string, search: string, keywords?: string[]): number {
  const query = normalise(search)
  if (!query) return 1
  let best = 0
  for (const keyword of keywords ?? []) {
    const k = normalise(keyword)
    if (!k) continue
    const tier = matchTier(query, k)
    if (tier === 0) continue
    // Tie-break inside a tier: shorter keywords first (at most 0.05, less than a tier step).
    const score = tier + 0.05 / (1 + k.length / 10)
    if (score > best) best = score
  }
  return best
}

function normalise(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s\-_/.]+/g, ' ')
    .trim()
}

const wordsOf = (s: string) => s.split(' ').filter(Boolean)

export function matchTier(query: string, keyword: string): number {
  if (keyword === query) return TIERS.exact
  if (` ${keyword} `.includes(` ${query} `)) return TIERS.wholeWords
  if (keyword.startsWith(query)) return TIERS.prefix
  const kWords = wordsOf(keyword)
  if (kWords.some((w) => w.startsWith(query))) return TIERS.wordPrefix
  if (keyword.includes(query)) return TIERS.substring
  const qWords = wordsOf(query)
  if (qWords.every((q) => keyword.includes(q))) return TIERS.allWords
  const compact = qWords.join('')
  if (
    compact.length >= 2 &&
    kWords
      .map((w) => w[0])
      .join('')
      .startsWith(compact)
  ) {
    return TIERS.initials
  }
  if (compact.length >= 3 && isWordPrefixAbbreviation(compact, kWords)) return TIERS.abbreviation
  if (qWords.every((q) => q.length >= 4 && kWords.some((w) => nearWord(q, w)))) return TIERS.typo
  return 0
}

/**
 * True when `query` is made of prefixes of the keyword's words, in order (a word may give
 * nothing): "sysparam" = "sys"(tem) + "param"(eters); "zdgl" = z(i) d(ian) g(uan) l(i).
 */
export function isWordPrefixAbbreviation(query: string, words: string[]): boolean {
  const memo = new Map<string, boolean>()
  const go = (qi: number, wi: number): boolean => {
    if (qi === query.length) return true
    if (wi === words.length) return false
    const key = `${qi}:${wi}`
    const known = memo.get(key)
    if (known !== undefined) return known
    const word = words[wi]
    let ok = go(qi, wi + 1)
    for (let n = 1; !ok && n <= word.length && query[qi + n - 1] === word[n - 1]; n++) {
      ok = go(qi + n, wi + 1)
    }
    memo.set(key, ok)
    return ok
  }
  return go(0, 0)
}

/** A typed word within one edit (two from 8 letters) of the word or of its prefix of that length. */
function nearWord(typed: string, word: string): boolean {
  const allowed = typed.length >= 8 ? 2 : 1
  if (Math.abs(word.length - typed.length) > allowed && word.length < typed.length) return false
  const candidates = [word, word.slice(0, typed.length), word.slice(0, typed.length + 1)]
  return candidates.some((c) => editDistance(typed, c, allowed) <= allowed)
}

/**
 * Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions),
 * stopping early once every path exceeds `limit`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let prev2: number[] = []
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, prev2[j - 2] + 1)
      }
      row.push(d)
      rowMin = Math.min(rowMin, d)
    }
    if (rowMin > limit) return limit + 1
    prev2 = prev
    prev = row
  }
  return prev[b.length]
}
