import { DataList, Flex, Heading } from '@radix-ui/themes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call, type BodyOf, type DataOf } from '../../api/client'
import { profileQuery, timezoneListQuery } from '../../api/profile'
import { readUser, writeUser } from '../../api/storage'
import { toast } from '../../components/feedback/toast'
import { FormShell, SelectInput, TextInput, useZodForm } from '../../components/form'
import { setLanguage } from '../../i18n'
import { LANGUAGE_LABELS, parseLanguage } from '../../i18n/languages'
import { profileForm } from '../../resources/account'

type Profile = DataOf<'/profile/query'>

/** Nick name, language and timezone; the language applies to the console at once. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation(['settings', 'common'])
  const qc = useQueryClient()
  const zones = useQuery(timezoneListQuery())
  const update = useMutation({
    mutationFn: (body: BodyOf<'/profile/update'>) => call('/profile/update', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileQuery().queryKey }),
  })
  const form = useZodForm({
    schema: profileForm,
    initial: { nickName: profile.nickName, language: profile.language, timezone: profile.timezone },
    submit: async (body) => {
      await update.mutateAsync(body)
      // The browser's copy of the user follows, so the shell shows the new name and zone.
      const user = readUser()
      if (user) writeUser({ ...user, ...body })
      await setLanguage(parseLanguage(body.language))
      // In the language just chosen (this render's `t` still speaks the previous one).
      toast.success(i18n.t('common:saved'))
    },
  })

  const zoneOptions = (zones.data ?? []).map((z) => ({
    value: z.zone,
    // The zone once, its name in the user's language, and its offset today (DST included).
    label: z.name ? `${z.zone} — ${z.name} (${z.offset})` : `${z.zone} (${z.offset})`,
  }))
  // The saved zone stays selectable even before (or without) the list.
  const zone = form.rhf.watch('timezone')
  if (!zoneOptions.some((o) => o.value === zone)) {
    zoneOptions.unshift({ value: zone, label: zone })
  }

  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="4">
        {t('settings:profile.title')}
      </Heading>
      <DataList.Root size="2">
        <DataList.Item>
          <DataList.Label>{t('settings:profile.loginName')}</DataList.Label>
          <DataList.Value>{profile.loginName}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('settings:profile.email')}</DataList.Label>
          <DataList.Value>{profile.email ?? t('settings:profile.noEmail')}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('settings:profile.role')}</DataList.Label>
          <DataList.Value>{profile.roleName}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      <FormShell form={form} label={t('settings:profile.title')} guard>
        <TextInput form={form} name="nickName" label={t('settings:profile.nickName')} required />
        <SelectInput
          form={form}
          name="language"
          label={t('settings:profile.language')}
          options={[
            { value: 'en_US', label: LANGUAGE_LABELS['en-US'] },
            { value: 'zh_CN', label: LANGUAGE_LABELS['zh-CN'] },
          ]}
          required
        />
        <SelectInput
          form={form}
          name="timezone"
          label={t('settings:profile.timezone')}
          options={zoneOptions}
          hint={t('settings:profile.timezoneHint')}
          required
        />
      </FormShell>
    </Flex>
  )
}
