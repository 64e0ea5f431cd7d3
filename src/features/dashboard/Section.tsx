import { Card, Flex, Heading } from '@radix-ui/themes'
import type { ReactNode } from 'react'

/** One card of a dashboard: its heading, then its figures. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {title}
        </Heading>
        {children}
      </Flex>
    </Card>
  )
}
