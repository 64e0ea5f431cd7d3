import { Flex, Text } from '@radix-ui/themes'
import { useId, useState } from 'react'

export interface ProofFile {
  name: string
  contentType: string
  /** base64 */
  data: string
}

const ACCEPT = 'application/pdf,image/png,image/jpeg'

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

/**
 * The proof of a wire: a file picker (PDF, PNG, JPEG). The server checks type and size again;
 * this only reads the file for the JSON body.
 */
export function ProofInput({
  label,
  onChange,
}: {
  label: string
  onChange: (file: ProofFile | undefined) => void
}) {
  const id = useId()
  const [name, setName] = useState('')
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        onChange={async (e) => {
          const file = e.target.files?.[0]
          setName(file?.name ?? '')
          onChange(
            file ? { name: file.name, contentType: file.type, data: await toBase64(file) } : undefined,
          )
        }}
      />
      {name && (
        <Text size="1" color="gray">
          {name}
        </Text>
      )}
    </Flex>
  )
}
