import { Callout } from '@radix-ui/themes'

/** A call that failed while loading a screen: its (server-localised) message, as an alert. */
export function ErrorNotice({ error }: { error: Error }) {
  return (
    <Callout.Root color="red" role="alert" size="1">
      <Callout.Text>{error.message}</Callout.Text>
    </Callout.Root>
  )
}
