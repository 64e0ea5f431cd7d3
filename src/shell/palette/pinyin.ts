import { useEffect, useState } from 'react'

/**
 * Pinyin for the palette, so Chinese labels are found by their romanisation and its initials
 * ("zdgl" → 字典管理). The converter (pinyin-pro, with its dictionary) is loaded when the
 * palette first mounts, never with the first page; until it arrives, labels match as typed.
 */
type Converter = (text: string) => string[]

let converter: Converter | null = null
let loading: Promise<Converter> | null = null

const HAN = /\p{Script=Han}/u

function load(): Promise<Converter> {
  loading ??= import('pinyin-pro').then(({ pinyin }) => {
    converter = (text) => {
      const syllables = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' })
      const initials = pinyin(text, { pattern: 'first', toneType: 'none', type: 'array' })
      return [syllables.join(' '), initials.join('')]
    }
    return converter
  })
  return loading
}

/**
 * Adds the pinyin of every Chinese keyword to a keyword list, once the converter is there.
 * `ready` belongs in the items' keys: cmdk reads an item's keywords when it mounts, so the
 * items mount again when the pinyin arrives.
 */
export function usePinyinKeywords(): {
  ready: boolean
  withPinyin: (keywords: string[]) => string[]
} {
  const [convert, setConvert] = useState<Converter | null>(() => converter)
  useEffect(() => {
    if (!convert) void load().then((c) => setConvert(() => c))
  }, [convert])
  return {
    ready: convert !== null,
    withPinyin: (keywords) =>
      convert ? [...keywords, ...keywords.filter((k) => HAN.test(k)).flatMap(convert)] : keywords,
  }
}
