import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The console's list calls are checked against the generated contract: `resourceClient`
 * accepts a definition only when its list body has the contract's filter keys and sort fields
 * and is assignable to `BodyOf<'<api>/list'>`. Here the TypeScript compiler type-checks the
 * real parameters module against variants of src/api/schema.d.ts in which the server renamed
 * a filter or a sort field (what `npm run gen` writes after such a rename): tsc must fail.
 */

const root = resolve(__dirname, '../../..')
const schemaPath = resolve(root, 'src/api/schema.d.ts')
const entry = resolve(root, 'src/features/param/resource.ts')
const schema = readFileSync(schemaPath, 'utf8')

const config = ts.parseJsonConfigFileContent(
  JSON.parse(readFileSync(resolve(root, 'tsconfig.json'), 'utf8')),
  ts.sys,
  root,
)

/** The contract with one edit inside the `ParameterListRequest` component. */
function editListRequest(edit: (block: string) => string): string {
  const start = schema.indexOf('        ParameterListRequest: {')
  const end = schema.indexOf('\n        };', start)
  expect(start).toBeGreaterThan(0)
  const block = schema.slice(start, end)
  const changed = edit(block)
  expect(changed).not.toBe(block)
  return schema.slice(0, start) + changed + schema.slice(end)
}

// Each program reuses the previous one's unchanged files: much faster.
let previous: ts.Program | undefined

function errorsWith(contract: string): string[] {
  const host = ts.createCompilerHost(config.options)
  const read = host.readFile.bind(host)
  const source = host.getSourceFile.bind(host)
  host.readFile = (f) => (resolve(f) === schemaPath ? contract : read(f))
  host.getSourceFile = (f, lang, ...rest) =>
    resolve(f) === schemaPath ? ts.createSourceFile(f, contract, lang) : source(f, lang, ...rest)
  const program = ts.createProgram([entry], config.options, host, previous)
  previous = program
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(entry))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

describe('the list body is checked against the contract', () => {
  it('compiles against the contract as generated', () => {
    expect(errorsWith(schema)).toEqual([])
  }, 120_000)

  it('fails when the server renames a filter', () => {
    const renamed = editListRequest((b) => b.replace('name?: string;', 'title?: string;'))
    const errors = errorsWith(renamed)
    expect(errors.join('\n')).toMatch(/listBodyDiffersFromTheContract/)
  }, 120_000)

  it('fails when the server renames a sort field', () => {
    const renamed = editListRequest((b) => b.replace('"name" | "createdAt"', '"name" | "created"'))
    const errors = errorsWith(renamed)
    expect(errors.join('\n')).toMatch(/listBodyDiffersFromTheContract/)
  }, 120_000)

  it('fails when the server drops a filter the console sends', () => {
    const dropped = editListRequest((b) => b.replace(/\n\s*active\?: boolean;/, ''))
    expect(errorsWith(dropped).join('\n')).toMatch(/listBodyDiffersFromTheContract/)
  }, 120_000)
})
