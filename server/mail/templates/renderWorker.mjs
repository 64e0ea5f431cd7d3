// The template render worker (docs/mail-templates.md, "Rendering"): LiquidJS runs here, in a
// worker thread, so a template that loops or swells holds this thread only — the pool
// (renderPool.ts) terminates it past its time limit, and V8 stops it past its memory limit
// (resourceLimits). Plain JavaScript, so the same file runs under tsx, Vitest and the bundled
// server (scripts/build-server.mjs copies it beside dist-server/main.js).
import { parentPort, workerData } from 'node:worker_threads'
import { Liquid, LiquidError } from 'liquidjs'

/** LiquidJS' own limits (parseLimit, renderLimit, memoryLimit), from the pool. */
const limits = workerData?.liquid ?? {}

const refusedTag = {
  parse(token) {
    throw new Error(`the tag "${token.name}" is not available in e-mail templates`)
  },
  render() {},
}

function engine(escape) {
  const liquid = new Liquid({
    templates: {},
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    outputEscape: escape ? 'escape' : undefined,
    ...limits,
  })
  for (const name of ['include', 'render', 'layout']) liquid.registerTag(name, refusedTag)
  return liquid
}

const subjectEngine = engine(false)
const htmlEngine = engine(true)

const reasonOf = (e) =>
  (e instanceof Error ? e.message : String(e)).replace(/,\s*line:\d+,\s*col:\d+\s*$/, '')
const lineOf = (e) => (e instanceof LiquidError ? e.token?.getPosition?.()[0] : undefined) ?? 1

async function renderOne(id, liquid, field, source, variables) {
  // Which field runs, so a render stopped from outside can say where.
  parentPort.postMessage({ id, field })
  try {
    return await liquid.parseAndRender(source, variables)
  } catch (e) {
    const reason = reasonOf(e)
    throw {
      field,
      line: lineOf(e),
      reason,
      kind: /limit exceeded/.test(reason) ? 'limit' : 'failed',
    }
  }
}

parentPort.on('message', async ({ id, title, content, variables }) => {
  try {
    const subject = await renderOne(id, subjectEngine, 'title', title, variables)
    const html = await renderOne(id, htmlEngine, 'content', content, variables)
    parentPort.postMessage({ id, done: { subject, html } })
  } catch (e) {
    const failure =
      e && typeof e === 'object' && 'field' in e
        ? e
        : { field: 'content', line: 1, reason: reasonOf(e), kind: 'failed' }
    parentPort.postMessage({ id, failure })
  }
})
