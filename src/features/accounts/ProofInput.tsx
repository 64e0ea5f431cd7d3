import { Flex, Text } from '@radix-ui/themes'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** The types the server accepts (it checks the content again). */
const PROOF_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const

export interface ProofFile {
  name: string
  contentType: (typeof PROOF_TYPES)[number]
  /** base64 */
  data: string
}

const ACCEPT = PROOF_TYPES.join(',')

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
  const { t } = useTranslation('refusals')
  const id = useId()
  const [name, setName] = useState('')
  const [wrongType, setWrongType] = useState(false)
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
          const contentType = PROOF_TYPES.find((type) => type === file?.type)
          const data = file && contentType ? await toBase64(file) : undefined
          onChange(file && contentType && data ? { name: file.name, contentType, data } : undefined)
          // Shown once read: the name says the file is ready to send.
          setName(data ? file!.name : '')
          setWrongType(!!file && !contentType)
        }}
      />
      {wrongType && (
        <Text size="1" color="red" role="alert">
          {t('accounts.proofType')}
        </Text>
      )}
      {name && (
        <Text size="1" color="gray">
          {name}
        </Text>
      )}
    </Flex>
  )
}
