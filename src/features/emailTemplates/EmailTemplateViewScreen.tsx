import { ObjectHistory } from '../../components/audit/ObjectHistory'
import { Code } from '@radix-ui/themes'
import { resourceViewScreen } from '../../components/resource/ResourceView'
import { emailTemplateResource } from './resource'
import { TemplatePreview } from './TemplatePreview'

/** email-template-view (?id=): one template, read only, with its preview and Edit when allowed. */
export const EmailTemplateViewScreen = resourceViewScreen({
  client: emailTemplateResource,
  title: 'mailTemplate:viewTitle',
  display: {
    event: (r, t) => t(`mailTemplate:events.${r.event}`),
    language: (r, t) => t(`mailTemplate:languages.${r.language}`),
    content: (r) => (
      <Code variant="ghost" style={{ whiteSpace: 'pre-wrap' }}>
        {r.content}
      </Code>
    ),
  },
  back: 'mailTemplate:back',
  after: (r) => <ObjectHistory type="email-template" id={r.id} />,
  beside: (r) => (
    <TemplatePreview event={r.event} language={r.language} title={r.title} content={r.content} />
  ),
})
