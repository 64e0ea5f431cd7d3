import { Card, Flex, Heading } from '@radix-ui/themes'
import type { ReactNode } from 'react'

/** The frame of a create/edit screen under /main: a heading and the form in a card. */
export function FormPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="4" p="4" maxWidth="720px">
      <Heading as="h1" size="5">
        {title}
      </Heading>
      <Card size="3">{children}</Card>
    </Flex>
  )
}
