import { cardholders } from '../../db/schema'
import type { Deps } from '../../deps'

/** Demo cardholders: two of the second merchant, one each of the first and the third. */
export async function seedCardholdersDemo(deps: Deps, merchantRows: { id: number }[]) {
  const { db } = deps
  const person = { areaCode: '65', country: 'SG', state: '01', city: 'Singapore', remark: '' }
  await db.insert(cardholders).values([
    {
      ...person,
      merchantId: merchantRows[1].id,
      firstName: 'Mei',
      lastName: 'Tan',
      phone: '81234567',
      email: 'mei.tan@example.com',
      birthday: '1988-04-12',
      address: '1 Raffles Place',
      postalCode: '048616',
      isDefault: true,
    },
    {
      ...person,
      merchantId: merchantRows[1].id,
      firstName: 'Arjun',
      lastName: 'Nair',
      phone: '91234567',
      email: 'arjun.nair@example.com',
      birthday: '1992-09-30',
      address: '10 Anson Road',
      postalCode: '079903',
    },
    {
      ...person,
      merchantId: merchantRows[0].id,
      firstName: 'Lina',
      lastName: 'Wong',
      phone: '87654321',
      email: 'lina.wong@example.com',
      birthday: '1985-01-20',
      address: '80 Robinson Road',
      postalCode: '068898',
      isDefault: true,
    },
    {
      merchantId: merchantRows[2].id,
      firstName: 'Somchai',
      lastName: 'Prasert',
      areaCode: '66',
      phone: '812345678',
      email: 'somchai.prasert@example.com',
      birthday: '1990-06-15',
      remark: '',
      country: 'TH',
      state: '10',
      city: 'Bangkok',
      address: '999 Rama I Road',
      postalCode: '10330',
      isDefault: true,
    },
  ])
}
