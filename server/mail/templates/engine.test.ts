import { describe, expect, it } from 'vitest'
import { sampleVariables, TEMPLATE_MAX_BYTES } from '../../../src/lib/mailEvents'
import { checkTemplate, renderText, TemplateRenderError } from './engine'
import { htmlToText } from './htmlToText'

const ok = (content: string, title = 'Hello {{ name }}') =>
  checkTemplate('password-reset', { title, content })

describe('checkTemplate', () => {
  it('accepts a template that uses only declared variables (and its own locals)', () => {
    expect(
      ok(
        '<p>{{ name }}</p>\n{% assign n = minutes | plus: 1 %}{% for i in (1..2) %}{{ i }}{{ n }}{% endfor %}{{ loginName.size }}',
      ),
    ).toEqual([])
  })

  it('refuses an unknown variable with its line and the variables on offer', () => {
    const problems = ok('<p>Hello {{ name }}</p>\n<p>\n{{ balance }}</p>')
    expect(problems).toEqual([
      {
        field: 'content',
        line: 3,
        key: 'validation:templateUnknownVariable',
        params: { name: 'balance', available: 'name, loginName, link, minutes' },
      },
    ])
  })

  it('refuses an unknown variable in the subject as a problem of the title', () => {
    const [problem] = ok('<p>{{ name }}</p>', 'Reset for {{ company }}')
    expect(problem).toMatchObject({ field: 'title', line: 1, params: { name: 'company' } })
  })

  it('refuses a field of a scalar variable', () => {
    const [problem] = ok('{{ name.first }}')
    expect(problem).toMatchObject({
      key: 'validation:templateNoProperty',
      params: { property: 'first' },
    })
  })

  it('refuses a template that does not parse, with the line and the reason', () => {
    const [problem] = ok('<p>a</p>\n{% if name %}\n<p>b</p>')
    expect(problem).toMatchObject({ field: 'content', line: 2, key: 'validation:templateParse' })
    expect(problem.params.reason).toMatch(/not closed/)
  })

  it('refuses an unknown filter and the tags that read files', () => {
    expect(ok('a\n{{ name | shout }}')[0]).toMatchObject({
      line: 2,
      key: 'validation:templateParse',
    })
    const [include] = ok('a\nb\n{% include "/etc/passwd" %}')
    expect(include).toMatchObject({ line: 3, key: 'validation:templateParse' })
    expect(include.params.reason).toMatch(/not available/)
    expect(ok('{% render "x" %}')[0].key).toBe('validation:templateParse')
  })

  it('refuses content over 100 KB (counted in UTF-8 bytes)', () => {
    const justFits = 'a'.repeat(TEMPLATE_MAX_BYTES)
    expect(ok(justFits)).toEqual([])
    // 34,134 characters of three bytes each: under 100 K characters, over 100 KB.
    const [problem] = ok('密'.repeat(Math.floor(TEMPLATE_MAX_BYTES / 3) + 1))
    expect(problem).toMatchObject({
      field: 'content',
      key: 'validation:templateTooLarge',
      params: { max: 100 },
    })
  })
})

describe('renderText', () => {
  const values = sampleVariables('password-reset')

  it('escapes values in the HTML but not in the subject', async () => {
    const mail = await renderText(
      { title: 'For {{ name }}', content: '<p>{{ name }}</p>' },
      { ...values, name: '<b>Tom & "Jerry"</b>' },
    )
    expect(mail.html).toBe('<p>&lt;b&gt;Tom &amp; &#34;Jerry&#34;&lt;/b&gt;</p>')
    expect(mail.subject).toBe('For <b>Tom & "Jerry"</b>')
    expect(mail.text).toBe('<b>Tom & "Jerry"</b>')
  })

  it('derives the plain text from the HTML', async () => {
    const mail = await renderText(
      {
        title: 'x',
        content:
          '<html><head><style>p{}</style></head><body><h1>Hi  {{ name }}</h1>\n<p>line one<br>line\n two</p><ul><li>a</li><li>b</li></ul><p><a href="{{ link }}">{{ link }}</a> and <a href="https://x.example/?a=1&amp;b=2">here</a></p></body></html>',
      },
      values,
    )
    expect(mail.text).toBe(
      `Hi Alex Chen\n\nline one\nline two\n\n- a\n\n- b\n\n${values.link} and here (https://x.example/?a=1&b=2)`,
    )
  })

  it('stops a huge loop with the limits and says so', async () => {
    const loop = '{% for i in (1..100000) %}{% for j in (1..100000) %}x{% endfor %}{% endfor %}'
    const error = await renderText({ title: 'x', content: loop }, values).catch((e) => e)
    expect(error).toBeInstanceOf(TemplateRenderError)
    expect(error).toMatchObject({ kind: 'limit', field: 'content' })
    expect(error.reason).toMatch(/limit exceeded/)
  })

  it('fails on a value that is missing (strict variables)', async () => {
    const error = await renderText({ title: 'x', content: '{{ name }}' }, {}).catch((e) => e)
    expect(error).toMatchObject({ kind: 'failed', field: 'content', line: 1 })
  })
})

describe('htmlToText', () => {
  it('decodes entities and keeps paragraphs apart', () => {
    expect(htmlToText('<p>a &lt; b &#x4e2d; &#20013;&nbsp;c</p><p>d</p>')).toBe(
      'a < b 中 中 c\n\nd',
    )
  })
})
