import { Button, DataList, Flex, Heading, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { call, type DataOf } from '../../api/client'
import { download, saveFile } from '../../api/download'
import { toast } from '../../components/feedback/toast'
import { DateTimeText } from '../../components/format/DateTimeText'
import { FormPage } from '../../components/form'
import { ReviewPanel } from '../../components/review'
import { ACCOUNT_REVIEW_REASONS } from '../../resources/reviewReasons'
import { STATUS_COLORS, useMovementLabels } from './labels'
import { Money } from './Money'
import { ACCOUNTS_QUERY_KEY } from './resource'
import { useRequestForm } from './useRequestForm'
import { codeLabel } from '../../lib/codeLabels'

type Request = DataOf<'/accounts/transactions/request'>

function requestQuery(id: number) {
  return {
    queryKey: [...ACCOUNTS_QUERY_KEY, 'request', id],
    queryFn: () => call('/accounts/transactions/request', { requestId: id }),
  }
}

/** The request's facts, its proof and its audit log (the review panel shows its history). */
function RequestFacts({ req }: { req: Request }) {
  const { t } = useTranslation(['accounts'])
  const { typeLabel, statusLabel } = useMovementLabels()
  return (
    <Flex direction="column" gap="4">
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>{t('accounts:merchant')}</DataList.Label>
          <DataList.Value>{req.merchantName}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('accounts:type')}</DataList.Label>
          <DataList.Value>{typeLabel(req.kind)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('accounts:amount')}</DataList.Label>
          <DataList.Value>
            <Money minor={req.amount} currency={req.currency} />
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('accounts:status')}</DataList.Label>
          <DataList.Value>
            <Text color={STATUS_COLORS[req.status]} data-testid="request-status">
              {statusLabel(req.status)}
            </Text>
          </DataList.Value>
        </DataList.Item>
        {req.reference && (
          <DataList.Item>
            <DataList.Label>{t('accounts:wireReference')}</DataList.Label>
            <DataList.Value>{req.reference}</DataList.Value>
          </DataList.Item>
        )}
        {req.beneficiary && (
          <DataList.Item>
            <DataList.Label>{t('accounts:beneficiary')}</DataList.Label>
            <DataList.Value>{req.beneficiary}</DataList.Value>
          </DataList.Item>
        )}
        {req.remark && (
          <DataList.Item>
            <DataList.Label>{t('accounts:remark')}</DataList.Label>
            <DataList.Value>{req.remark}</DataList.Value>
          </DataList.Item>
        )}
      </DataList.Root>
      {req.proof && (
        <Button
          variant="soft"
          onClick={async () =>
            saveFile(
              await download('/accounts/transactions/proof', { requestId: req.id }, () => {}),
            )
          }
        >
          {t('accounts:downloadProof')}
        </Button>
      )}
      <section aria-labelledby="request-audit">
        <Heading as="h2" size="3" id="request-audit">
          {t('accounts:auditLog')}
        </Heading>
        <ol data-testid="request-audit">
          {req.audit.map((a, i) => (
            <li key={i}>
              <Text weight="medium">{codeLabel(t, 'auditAction', a.action)}</Text> · {a.loginName} ·{' '}
              <DateTimeText iso={a.at} />
            </li>
          ))}
        </ol>
      </section>
    </Flex>
  )
}

/**
 * accounts-transactions-review: a request, its proof and history; the review form when the
 * caller may review it (the button, not its submitter, still pending), Cancel for its submitter.
 */
export function ReviewScreen() {
  const { t } = useTranslation(['accounts', 'common'])
  const { id } = useSearch({ strict: false }) as { id?: number }
  const { data: req, error } = useQuery({ ...requestQuery(id ?? 0), enabled: !!id })
  const { back, done } = useRequestForm('menu:accounts-transactions-review')
  return (
    <FormPage title={t('accounts:reviewTitle')}>
      {error && <Text role="alert">{error.message}</Text>}
      {req && (
        <Flex direction="column" gap="5">
          <ReviewPanel
            review={req.review}
            buttons={req.buttons}
            reasons={ACCOUNT_REVIEW_REASONS}
            initialReason="verified"
            label={t('accounts:reviewTitle')}
            decide={async (v) => {
              await call('/accounts/transactions/review', { requestId: req.id, ...v })
              toast.success(t('accounts:reviewed'))
              await done()
            }}
            withdraw={async () => {
              await call('/accounts/transactions/cancel', { requestId: req.id })
              toast.success(t('accounts:cancelled'))
              await done()
            }}
            extra={
              <Button type="button" variant="soft" color="gray" onClick={back}>
                {t('common:cancel')}
              </Button>
            }
          >
            <RequestFacts req={req} />
          </ReviewPanel>
        </Flex>
      )}
    </FormPage>
  )
}
