import type { ModuleRow } from '../../resources/modules'

/** A module's or button's name in the reader's language (en_US / zh_CN keys of the menus). */
export const labelIn = (language: ModuleRow['language'], lang: string) =>
  lang.startsWith('zh') ? language.zh_CN : language.en_US
