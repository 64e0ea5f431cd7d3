import { Button, Flex, Progress, RadioGroup, Text } from '@radix-ui/themes'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/client'
import { download, saveFile, type DownloadProgress } from '../../api/download'
import { EXPORT_FORMATS, type ExportFormat } from '../../resources/kit'
import { DialogFrame } from '../dialog/DialogFrame'
import { toast } from '../feedback/toast'

interface Props {
  open: boolean
  onClose: () => void
  title: string
  /** `/parameter/export` */
  path: string
  /** The list's current filter and order, without paging. */
  body: (format: ExportFormat) => unknown
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString()} KB`

/**
 * Export of the current filter: choose CSV or XLSX, then the file streams in with its progress
 * (CSV: rows received of the total the server announced; XLSX is compressed, so bytes received
 * and the row total) and is saved as a download.
 */
export function ExportDialog({ open, onClose, title, path, body }: Props) {
  const { t } = useTranslation()
  const [format, setFormat] = useState<ExportFormat>('csv')
  const [progress, setProgress] = useState<DownloadProgress | null>(null)
  const [busy, setBusy] = useState(false)
  const abort = useRef<AbortController | null>(null)

  const close = () => {
    abort.current?.abort()
    setProgress(null)
    setBusy(false)
    onClose()
  }

  const start = async () => {
    abort.current = new AbortController()
    setBusy(true)
    setProgress(null)
    let last: DownloadProgress | null = null
    const seen = (p: DownloadProgress) => {
      last = p
      setProgress(p)
    }
    try {
      const file = await download(path, body(format), seen, abort.current.signal)
      saveFile(file)
      toast.success(t('kit:exported', { count: (last as DownloadProgress | null)?.total ?? 0 }))
      close()
    } catch (e) {
      if (abort.current?.signal.aborted) return
      toast.error(e instanceof ApiError ? e.message : t('errors:requestError'))
      setBusy(false)
    }
  }
  const total = progress?.total ?? 0
  const rows = Math.max(0, (progress?.lines ?? 0) - 1)
  const value = format === 'csv' && total ? Math.min(100, (rows / total) * 100) : undefined
  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={t('kit:exportTitle', { title })}
      description={t('kit:exportDescription')}
      maxWidth="460px"
      testId="export-dialog"
      actions={
        <Button onClick={start} loading={busy} data-testid="export-start">
          {t('kit:start')}
        </Button>
      }
    >
      <Flex direction="column" gap="3" mt="3">
        <Text as="div" size="2" weight="medium" id="export-format">
          {t('kit:format')}
        </Text>
        <RadioGroup.Root
          aria-labelledby="export-format"
          value={format}
          onValueChange={(v) => setFormat(v as ExportFormat)}
          disabled={busy}
        >
          {EXPORT_FORMATS.map((f) => (
            <RadioGroup.Item key={f} value={f}>
              {t(`kit:${f}`)}
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
        {busy && (
          <Flex direction="column" gap="1" role="status" aria-live="polite">
            <Progress value={value} aria-label={t('kit:export')} data-testid="export-progress" />
            <Text size="1" color="gray">
              {!progress
                ? t('kit:preparing')
                : format === 'csv'
                  ? t('kit:rowsProgress', {
                      done: rows.toLocaleString(),
                      total: total.toLocaleString(),
                    })
                  : t('kit:bytesProgress', {
                      size: kb(progress.bytes),
                      total: total.toLocaleString(),
                    })}
            </Text>
          </Flex>
        )}
      </Flex>
    </DialogFrame>
  )
}
