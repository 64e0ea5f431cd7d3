import { Flex, Text } from '@radix-ui/themes'
import { useId, useState } from 'react'
import { fileProblem, type FileProblem, type FileRule } from '../../lib/files'

/** A picked file as a JSON body carries it. */
export interface PickedFile {
  name: string
  contentType: string
  /** base64 */
  data: string
}

async function toBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

/**
 * The picked file, read for the body only when its type and size pass `rule`: a file over the
 * limit is refused at once, without reading or sending it.
 */
export async function pickFile(
  file: File,
  rule: FileRule,
): Promise<{ file: PickedFile } | { problem: FileProblem }> {
  const problem = fileProblem(file, rule)
  if (problem) return { problem }
  return { file: { name: file.name, contentType: file.type, data: await toBase64(file) } }
}

/**
 * The one file field: label (with the required mark), a picker limited to the rule's types,
 * the limit stated under it (`limit`, in KB or MB), and what is wrong with a picked file in the
 * field's own words. The server checks type and size again.
 */
export function FileInput({
  label,
  rule,
  required,
  limit,
  messages,
  onChange,
}: {
  label: string
  rule: FileRule
  required?: boolean
  /** The limit as the user reads it, e.g. "PDF, PNG or JPEG, at most 512 KB". */
  limit: string
  messages: Record<FileProblem, string>
  onChange: (file: PickedFile | undefined) => void
}) {
  const id = useId()
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<FileProblem>()
  return (
    <Flex direction="column" gap="1">
      <Flex gap="1">
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {label}
        </Text>
        {required ? (
          <Text size="2" color="red" aria-hidden>
            *
          </Text>
        ) : null}
      </Flex>
      <input
        id={id}
        type="file"
        accept={rule.types.join(',')}
        aria-required={required || undefined}
        aria-describedby={`${id}-limit`}
        onChange={async (e) => {
          const picked = e.target.files?.[0]
          const result = picked ? await pickFile(picked, rule) : undefined
          const file = result && 'file' in result ? result.file : undefined
          onChange(file)
          // Shown once read: the name says the file is ready to send.
          setName(file?.name ?? '')
          setProblem(result && 'problem' in result ? result.problem : undefined)
        }}
      />
      <Text id={`${id}-limit`} size="1" color="gray">
        {limit}
      </Text>
      {problem && (
        <Text size="1" color="red" role="alert">
          {messages[problem]}
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
