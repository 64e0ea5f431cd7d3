import { Liquid, LiquidError, type TagToken, type Template } from 'liquidjs'
import type { MessageKey } from '../../../src/i18n/keys'
import { mailEventSpec, TEMPLATE_MAX_BYTES, type MailEvent } from '../../../src/lib/mailEvents'
import { htmlToText } from './htmlToText'
import { RenderFailed, RenderPool } from './renderPool'

/**
 * The template engine (DESIGN §13): LiquidJS, which interprets templates without `eval`, so
 * the CSP holds. Variables are strict (an unknown name is refused on save and fails a render),
 * filters are strict, the HTML body's output is escaped, and every render is bounded by
 * LiquidJS' limits so that no template can loop the server.
 */

/** The limits of one parse and one render (LiquidJS `parseLimit`, `renderLimit`, `memoryLimit`). */
export const TEMPLATE_LIMITS = {
  /** Characters parsed per template: the 100 KB rule, with room for multi-byte text. */
  parseLimit: TEMPLATE_MAX_BYTES,
  /** Milliseconds of rendering per template. */
  renderLimit: 500,
  /** LiquidJS' allocation count per render (strings and arrays it builds: loops, output). */
  memoryLimit: 2_000_000,
} as const

/**
 * The worker's own limits: wall time of one render (LiquidJS' renderLimit stops most loops
 * first, with a line to show), and its heap.
 */
const WORKER_LIMITS = { timeoutMs: 2000, heapMb: 64, liquid: TEMPLATE_LIMITS }

/** Tags that read other templates: there are none to read, and the file system is not theirs. */
const FILE_TAGS = ['include', 'render', 'layout'] as const

const refusedTag = {
  parse(token: TagToken) {
    throw new Error(`the tag "${token.name}" is not available in e-mail templates`)
  },
  render() {},
}

function engine(escape: boolean): Liquid {
  const liquid = new Liquid({
    // An empty in-memory store: nothing is looked up on the disk.
    templates: {},
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    outputEscape: escape ? 'escape' : undefined,
    ...TEMPLATE_LIMITS,
  })
  for (const name of FILE_TAGS) liquid.registerTag(name, refusedTag)
  return liquid
}

/** The HTML body: every `{{ }}` output escaped. */
const htmlEngine = engine(true)
/** The subject is not HTML: "A & B" stays as it is. */
const subjectEngine = engine(false)

export type TemplateField = 'title' | 'content'

/** Why a template is refused: a field, the line, and a `validation:` message with its values. */
export interface TemplateProblem {
  field: TemplateField
  line: number
  key: MessageKey
  params: Record<string, unknown>
}

export interface TemplateText {
  title: string
  content: string
}

/** LiquidJS' reason without the ", line:2, col:1" it appends (the line is given apart). */
const reasonOf = (e: unknown) =>
  (e instanceof Error ? e.message : String(e)).replace(/,\s*line:\d+,\s*col:\d+\s*$/, '')

const lineOf = (e: unknown): number => {
  const token =
    e instanceof LiquidError
      ? (e as LiquidError & { token?: { getPosition(): [number, number] } }).token
      : undefined
  return token?.getPosition?.()[0] ?? 1
}

/** Properties a scalar variable has in Liquid (`{{ name.size }}`). */
const SCALAR_PROPERTIES = new Set(['size'])

function checkOne(
  liquid: Liquid,
  event: MailEvent,
  field: TemplateField,
  source: string,
): TemplateProblem[] {
  let parsed: Template[]
  try {
    parsed = liquid.parse(source)
  } catch (e) {
    return [
      { field, line: lineOf(e), key: 'validation:templateParse', params: { reason: reasonOf(e) } },
    ]
  }
  const declared = mailEventSpec(event).variables
  const available = Object.keys(declared).join(', ')
  const problems: TemplateProblem[] = []
  const { globals } = liquid.analyzeSync(parsed, { partials: false })
  for (const [name, uses] of Object.entries(globals)) {
    for (const use of uses) {
      const line = use.location.row
      if (!Object.prototype.hasOwnProperty.call(declared, name)) {
        problems.push({
          field,
          line,
          key: 'validation:templateUnknownVariable',
          params: { name, available },
        })
        continue
      }
      const property = use.segments[1]
      if (property !== undefined && !SCALAR_PROPERTIES.has(String(property))) {
        problems.push({
          field,
          line,
          key: 'validation:templateNoProperty',
          params: { name, property: String(property) },
        })
      }
    }
  }
  return problems.sort((a, b) => a.line - b.line)
}

/**
 * Everything wrong with a template of `event`, first line first: too large, does not parse, or
 * names a variable the event does not declare. Empty: the template may be saved.
 */
export function checkTemplate(event: MailEvent, text: TemplateText): TemplateProblem[] {
  if (new TextEncoder().encode(text.content).length > TEMPLATE_MAX_BYTES) {
    return [
      {
        field: 'content',
        line: 1,
        key: 'validation:templateTooLarge',
        params: { max: TEMPLATE_MAX_BYTES / 1024 },
      },
    ]
  }
  return [
    ...checkOne(subjectEngine, event, 'title', text.title),
    ...checkOne(htmlEngine, event, 'content', text.content),
  ]
}

/** A render stopped: by a limit (`limit`), or by what the template did with the values. */
export class TemplateRenderError extends Error {
  constructor(
    readonly kind: 'limit' | 'failed',
    readonly field: TemplateField,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${field} line ${line}: ${reason}`)
  }
}

/**
 * Where templates render: worker threads with a hard time and memory limit (renderPool.ts).
 * Mails and previews have a pool each, so previews in numbers never hold up a mail; a save's
 * check renders in the preview pool.
 */
export const renderPools = {
  send: new RenderPool({ size: 1, ...WORKER_LIMITS }),
  preview: new RenderPool({ size: 2, ...WORKER_LIMITS }),
}

export interface RenderedMail {
  subject: string
  html: string
  /** The plain-text part, derived from the HTML. */
  text: string
}

/**
 * Renders a checked template with values of its event's variables. The subject is one line
 * (white space collapsed); the text part is derived from the HTML (htmlToText).
 */
export async function renderText(
  text: TemplateText,
  variables: Record<string, unknown>,
  pool: RenderPool = renderPools.send,
): Promise<RenderedMail> {
  let rendered: { subject: string; html: string }
  try {
    rendered = await pool.render({ title: text.title, content: text.content, variables })
  } catch (e) {
    if (!(e instanceof RenderFailed)) throw e
    const { kind, field, line, reason } = e.failure
    throw new TemplateRenderError(kind, field, line, reason)
  }
  const { subject, html } = rendered
  return { subject: subject.replace(/\s+/g, ' ').trim(), html, text: htmlToText(html) }
}
