import { Button, Flex, Select, Text } from '@radix-ui/themes'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_SIZES, type PageSize } from './listSearch'
import type { ListState } from './useList'

/** Total, page size (spec §9: 10/20/30/50/100/200) and page steps, below the table. */
export function Pagination<Row>({ list }: { list: ListState<Row> }) {
  const { t } = useTranslation()
  const sizeId = useId()
  return (
    <Flex
      align="center"
      justify="between"
      gap="3"
      wrap="wrap"
      role="navigation"
      aria-label={t('common:list.pagination')}
    >
      <Text size="2" color="gray" aria-live="polite" data-testid="list-total">
        {t('common:list.total', { count: list.total })}
      </Text>
      <Flex align="center" gap="3" wrap="wrap">
        <Flex align="center" gap="2">
          <Text as="label" size="2" htmlFor={sizeId}>
            {t('common:list.pageSize')}
          </Text>
          <Select.Root
            size="1"
            value={String(list.pageSize)}
            onValueChange={(v) => list.setPageSize(Number(v) as PageSize)}
          >
            <Select.Trigger id={sizeId} />
            <Select.Content position="popper">
              {PAGE_SIZES.map((s) => (
                <Select.Item key={s} value={String(s)}>
                  {String(s)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
        <Button
          size="1"
          variant="soft"
          disabled={list.pageNum <= 1}
          onClick={() => list.setPage(list.pageNum - 1)}
        >
          {t('common:list.prevPage')}
        </Button>
        <Text size="2" data-testid="list-page">
          {t('common:list.pageOf', { page: list.pageNum, pages: list.pages })}
        </Text>
        <Button
          size="1"
          variant="soft"
          disabled={list.pageNum >= list.pages}
          onClick={() => list.setPage(list.pageNum + 1)}
        >
          {t('common:list.nextPage')}
        </Button>
      </Flex>
    </Flex>
  )
}
